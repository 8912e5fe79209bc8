/**
 * The `carta-docs` command line: commander program and its commands. Each command's module is imported
 * when the command runs, so `--version`, `--help` and `serve` never load TypeDoc, React or the markdown stack.
 */
import { Command, CommanderError, Option } from "commander";
import { CartaDocsError, InternalError } from "./util/diagnostics.ts";
import { ownPackage } from "./util/packageInfo.ts";
import type { ReportFormat } from "./commands/build.ts";
import type { ServeCommandOptions } from "./commands/serve.ts";
import type { ApiDiffCommandOptions } from "./commands/apiDiff.ts";
import type { MigrateCommandOptions } from "./commands/migrate.ts";

const EXIT_CODES = `
Exit codes:
  0  success
  1  the site has errors (broken links, invalid content or config), or version or init refused; details are printed
  2  the command was used wrongly or failed unexpectedly (e.g. the port is in use, or a bug in carta-docs:
     the message names the file being processed; --verbose adds the stack)`;

const OUTPUT = `
Output: progress and a summary go to stderr; colour only on a terminal and never with NO_COLOR set;
plain lines without progress counts when CI is set or stderr is not a terminal.`;

export function createProgram(): Command {
  const program = new Command("carta-docs")
    .description("Build, check, serve and version a documentation site with an API reference generated from TypeScript.")
    .version(ownPackage().version, "-v, --version", "print the carta-docs version")
    .addHelpText("after", `${OUTPUT}\n${EXIT_CODES}`);

  const configOption = () => new Option("-c, --config <file>", "site configuration file").default("site.config.ts");
  const noCacheOption = () =>
    new Option("--no-cache", "build every page again, neither using nor saving the build cache of earlier builds (.carta-docs-cache/build/)");
  const formatOption = () =>
    new Option("--format <format>", "text for people; json (file, line, severity, message per annotation) or github (workflow commands) for CI")
      .choices(["text", "json", "github"])
      .default("text");
  const viewerOption = () =>
    new Option("--viewer <dir>", "carta-frontend checkout to document (default: $CARTA_FRONTEND_DIR, else api.viewerDir of the config)");

  program
    .command("build")
    .description("Build the site into a static folder. A failed build leaves the previous output untouched.")
    .addOption(configOption())
    .option("-o, --out <dir>", "output folder", "build")
    .addOption(viewerOption())
    .addOption(noCacheOption())
    .addOption(formatOption())
    .addHelpText("after", `\nExamples:\n  $ carta-docs build\n  $ carta-docs build --viewer ../carta-frontend --out /tmp/site\n  $ carta-docs build --format github     # annotations in a GitHub Actions run${EXIT_CODES}`)
    .action(async (opts: { config: string; out: string; viewer?: string; cache: boolean; format: ReportFormat }) => {
      const { runBuildCommand } = await import("./commands/build.ts");
      process.exitCode = await runBuildCommand(opts, true);
    });

  program
    .command("check")
    .description("Run the whole build without writing anything and report every error and warning.")
    .addOption(configOption())
    .option("--strict", "treat warnings as errors")
    .addOption(viewerOption())
    .addOption(noCacheOption())
    .addOption(formatOption())
    .addHelpText("after", `\nExamples:\n  $ carta-docs check\n  $ carta-docs check --strict --format json > report.json\n  $ carta-docs check --format github     # annotations in a GitHub Actions run${EXIT_CODES}`)
    .action(async (opts: { config: string; strict?: boolean; format: ReportFormat; viewer?: string; cache: boolean }) => {
      const { runBuildCommand } = await import("./commands/build.ts");
      process.exitCode = await runBuildCommand(opts, false);
    });

  const serveCommand = (name: string, description: string) =>
    program
      .command(name)
      .description(description)
      .addOption(configOption())
      .option("-p, --port <port>", "port to listen on (0 picks a free one)", "3000")
      .option("--host <host>", "address to listen on", "127.0.0.1");

  serveCommand("serve", "Serve a built site as a static host would (under the base path, trailing slashes off); with --watch, build, serve and rebuild on every change.")
    .option("-d, --dir <dir>", "folder to serve (without --watch)", "build")
    .option("-w, --watch", "build into .carta-docs-cache/dev, serve it, and rebuild what each change touches; open pages reload themselves")
    .addOption(viewerOption())
    .addHelpText(
      "after",
      `\nExamples:\n  $ carta-docs build && carta-docs serve\n  $ carta-docs serve --port 8080\n  $ carta-docs serve --watch          # while writing docs (same as carta-docs start)${EXIT_CODES}`,
    )
    .action(async (opts: ServeCommandOptions) => (await import("./commands/serve.ts")).runServeCommand(opts));

  serveCommand("start", "Write docs with a live preview: the same as serve --watch.")
    .addOption(viewerOption())
    .addHelpText("after", `\nExamples:\n  $ carta-docs start\n  $ carta-docs start --port 0 --viewer ../carta-frontend${EXIT_CODES}`)
    .action(async (opts: Omit<ServeCommandOptions, "dir" | "watch">) => (await import("./commands/serve.ts")).runServeCommand({ ...opts, watch: true }));

  program
    .command("init [dir]")
    .description("Write a minimal site into dir (default: the current folder): site.config.ts, one doc and a sidebar, ready to build. Refuses a folder that already has any of them.")
    .addHelpText("after", `\nExamples:\n  $ npx carta-docs init docs-site && cd docs-site && npx carta-docs build\n  $ carta-docs init          # into the current folder${EXIT_CODES}`)
    .action(async (dir: string | undefined) => {
      const { runInitCommand } = await import("./commands/init.ts");
      process.exitCode = runInitCommand(dir ?? ".");
    });

  program
    .command("version <name>")
    .description(
      "Freeze the current docs as version <name>: content/docs is copied to content/versioned_docs/version-<name> with its sidebar and an API snapshot of the viewer's working tree, and <name> becomes the latest in versions.json. Nothing changes if any step fails.",
    )
    .addOption(configOption())
    .option("--no-api", "freeze the docs without an API snapshot (no viewer checkout needed)")
    .addOption(viewerOption())
    .addHelpText("after", `\nExamples:\n  $ carta-docs version 5.1.0 --viewer ../carta-frontend\n  $ carta-docs version 5.1.0 --no-api${EXIT_CODES}`)
    .action(async (name: string, opts: { config: string; api: boolean; viewer?: string }) => {
      const { runVersionCommand } = await import("./commands/version.ts");
      process.exitCode = await runVersionCommand(name, opts);
    });

  program
    .command("api-diff <from> <to>")
    .description(
      "Print what changed in the API between two docs versions (names as in versions.json, or next): items and members added, removed, changed and moved, with signatures before and after.",
    )
    .addOption(configOption())
    .addOption(viewerOption())
    .addOption(new Option("--format <format>", "text for people, markdown for release notes, json for scripts").choices(["text", "json", "markdown"]).default("text"))
    .addHelpText("after", `\nExamples:\n  $ carta-docs api-diff 4.1.0 5.0.0 --viewer ../carta-frontend\n  $ carta-docs api-diff 5.0.0 next --format markdown >> RELEASE_NOTES.md${EXIT_CODES}`)
    .action(async (from: string, to: string, opts: ApiDiffCommandOptions) => {
      const { runApiDiffCommand } = await import("./commands/apiDiff.ts");
      process.exitCode = await runApiDiffCommand(from, to, opts);
    });

  program
    .command("migrate <docusaurus-dir>")
    .description(
      "Write a new carta-docs site from a Docusaurus site: config, docs and versions, sidebars, API section (docusaurus-plugin-typedoc-api), MDX components, static files, pages and blog, with redirects for every route that moved; then check it. Never writes into the Docusaurus folder; refuses an output folder that is not empty.",
    )
    .option("-o, --out <dir>", "folder of the new site (default: <docusaurus-dir>-carta-docs beside it)")
    .addOption(viewerOption())
    .addHelpText("after", `\nExamples:\n  $ carta-docs migrate website                     # writes website-carta-docs/\n  $ carta-docs migrate ../carta-frontend/docs_website --out docs-site --viewer ../carta-frontend${EXIT_CODES}`)
    .action(async (from: string, opts: MigrateCommandOptions) => {
      const { runMigrateCommand } = await import("./commands/migrate.ts");
      process.exitCode = await runMigrateCommand(from, opts);
    });

  // Read by main() wherever it stands on the command line; declared here for the help.
  for (const command of program.commands) command.option("--verbose", "on an unexpected failure, print its stack");
  for (const command of [program, ...program.commands]) reportUsageErrorsInOneLine(command);
  return program;
}

/** Commander's codes for a command line that is wrong, as opposed to help or version output. */
const USAGE_ERRORS = new Set([
  "commander.unknownCommand",
  "commander.unknownOption",
  "commander.invalidArgument",
  "commander.missingArgument",
  "commander.optionMissingArgument",
  "commander.missingMandatoryOptionValue",
  "commander.excessArguments",
  "commander.conflictingOption",
]);

/** A wrong command line: one line saying what is wrong and where to look, exit code 2. */
class UsageError extends Error {}

/**
 * Instead of commander's message followed by the whole help, a usage error becomes one line: what is
 * wrong, commander's suggestion when it has one, and the help to read. Help and version still exit 0.
 */
function reportUsageErrorsInOneLine(command: Command): void {
  const helpCommand = command.parent ? `carta-docs ${command.name()} --help` : "carta-docs --help";
  command.configureOutput({ outputError: () => {} }).exitOverride((error: CommanderError) => {
    // Help asked for exits 0; help shown because no command was given is wrong usage.
    if (!USAGE_ERRORS.has(error.code)) process.exit(error.exitCode === 0 ? 0 : 2);
    const [what = "", suggestion] = error.message.replace(/^error: /, "").split(/\n\(Did you mean (.*)\?\)/);
    const hint = suggestion ? `did you mean ${suggestion}? (see ${helpCommand})` : `see ${helpCommand}`;
    throw new UsageError(`carta-docs: ${what.trim().replace(/\.$/, "")}; ${hint}`);
  });
}

/** Commands that keep running (a server) until stopped; every other command is done when its action returns. */
const LONG_RUNNING = new Set(["serve", "start"]);

/**
 * Runs the command line. A command that is done ends the process once its output is flushed, even if the
 * config left a timer or a socket open: a CI job must not wait for it.
 */
export async function main(argv: string[]): Promise<void> {
  const verbose = argv.includes("--verbose");
  let done = true;
  try {
    const program = createProgram().hook("preAction", (_, command) => {
      done = !LONG_RUNNING.has(command.name());
    });
    await program.parseAsync(argv.filter((a) => a !== "--verbose"));
  } catch (error) {
    reportFailure(error, verbose);
    done = true;
  }
  if (done) await exitWhenFlushed();
}

async function exitWhenFlushed(): Promise<never> {
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write("", resolve))));
  process.exit();
}

/** Prints what went wrong and sets the exit code: 1 for the site's errors, 2 for wrong usage and unexpected failures. */
function reportFailure(error: unknown, verbose: boolean): void {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  if (error instanceof CartaDocsError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
    return;
  }
  if (error instanceof InternalError) {
    process.stderr.write(`carta-docs: ${error.message}\n${verbose ? `${error.stack}\n` : "(run it again with --verbose for the stack)\n"}`);
    process.exitCode = 2;
    return;
  }
  process.stderr.write(`carta-docs: ${error instanceof Error ? (verbose ? error.stack : error.message) : String(error)}\n`);
  process.exitCode = 2;
}
