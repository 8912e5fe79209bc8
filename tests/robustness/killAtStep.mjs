// Preloaded (node --import) into a carta-docs process so a test can SIGKILL it at an exact moment: right
// after its Nth change under KILL_INSIDE (KILL_AT="step:N"), or while it copies its Nth file there, with
// fs.copyFileSync or as an entry of fs.cpSync (KILL_AT="copy:N"). A timer could not aim at a step that lasts
// microseconds; this hits every one in turn.
import fs from "node:fs";

const inside = process.env.KILL_INSIDE;
const [kind, count] = (process.env.KILL_AT ?? "").split(":");
const target = Number(count);
let seen = 0;
/** Set while a wrapped call runs: the calls it makes itself (cpSync's copies, rmSync's rmdir) are part of its step. */
let busy = false;

const touches = (args) => args.some((arg) => typeof arg === "string" && arg.startsWith(inside));
const tick = (wanted) => {
  if (kind === wanted && ++seen === target) process.kill(process.pid, "SIGKILL");
};

/** fs.cpSync calls its filter before copying each entry: a kill there leaves the copy partial. */
function withCopyKill(args) {
  const options = args[2] ?? {};
  const filter = (source, destination) => {
    tick("copy");
    return options.filter ? options.filter(source, destination) : true;
  };
  return [args[0], args[1], { ...options, filter }];
}

if (inside && target > 0) {
  for (const name of ["mkdtempSync", "mkdirSync", "writeFileSync", "copyFileSync", "renameSync", "rmSync", "unlinkSync", "rmdirSync", "cpSync"]) {
    const original = fs[name];
    fs[name] = (...args) => {
      if (busy || !touches(args)) return original(...args);
      busy = true;
      try {
        if (name === "copyFileSync") tick("copy");
        const result = original(...(name === "cpSync" ? withCopyKill(args) : args));
        // mkdirSync with { recursive: true } on an existing folder changes nothing: not a step.
        if (!(name === "mkdirSync" && result === undefined)) tick("step");
        return result;
      } finally {
        busy = false;
      }
    };
  }
}
