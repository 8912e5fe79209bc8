/** The `carta-docs` command line: commander program and its commands. */
import { Command, Option } from "commander";
import { CartaDocsError } from "./diagnostics.ts";
import { runBuildCommand } from "./commands/build.ts";
import { runServeCommand } from "./commands/serve.ts";

const EXIT_CODES = `
Exit codes:
  0  success
  1  the site has errors (broken links, invalid content or config); details are printed
  2  the command was used wrongly or failed unexpectedly`;

export function createProgram(): Command {
  const program = new Command("carta-docs")
    .description("Build, check and serve the versioned CARTA frontend documentation site.")
    .version("0.0.1", "-V, --version-number", "print the carta-docs version")
    .showHelpAfterError()
    .addHelpText("after", EXIT_CODES);

  const configOption = () => new Option("-c, --config <file>", "site configuration file").default("site.config.ts");
  const viewerOption = () =>
    new Option("--viewer <dir>", "carta-frontend checkout to document (default: $CARTA_FRONTEND_DIR, else api.viewerDir of the config)");

  program
    .command("build")
    .description("Build the site into a static folder. A failed build leaves the previous output untouched.")
    .addOption(configOption())
    .option("-o, --out <dir>", "output folder", "build")
    .addOption(viewerOption())
    .addHelpText("after", `\nExamples:\n  $ carta-docs build\n  $ carta-docs build --viewer ../carta-frontend --out /tmp/site${EXIT_CODES}`)
    .action(async (opts: { config: string; out: string; viewer?: string }) => {
      process.exitCode = await runBuildCommand(opts, true);
    });

  program
    .command("check")
    .description("Run the whole build without writing anything and report every error and warning.")
    .addOption(configOption())
    .option("--strict", "treat warnings as errors")
    .addOption(viewerOption())
    .addOption(new Option("--format <format>", "output format").choices(["text", "json"]).default("text"))
    .addHelpText("after", `\nExamples:\n  $ carta-docs check\n  $ carta-docs check --strict --format json > report.json${EXIT_CODES}`)
    .action(async (opts: { config: string; strict?: boolean; format: "text" | "json"; viewer?: string }) => {
      process.exitCode = await runBuildCommand(opts, false);
    });

  program
    .command("serve")
    .description("Serve a built site as a static host would (under the base path, trailing slashes off).")
    .addOption(configOption())
    .option("-d, --dir <dir>", "folder to serve", "build")
    .option("-p, --port <port>", "port to listen on (0 picks a free one)", "3000")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .addHelpText("after", `\nExamples:\n  $ carta-docs build && carta-docs serve\n  $ carta-docs serve --port 8080${EXIT_CODES}`)
    .action(runServeCommand);

  program
    .command("version <name>")
    .description("(planned) Snapshot the current docs and API as a new version.")
    .action(() => {
      throw new Error("`carta-docs version` is reserved for the snapshot command and is not available in this release");
    });

  return program;
}

export async function main(argv: string[]): Promise<void> {
  const verbose = argv.includes("--verbose");
  try {
    await createProgram().parseAsync(argv.filter((a) => a !== "--verbose"));
  } catch (error) {
    if (error instanceof CartaDocsError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    process.stderr.write(`carta-docs: ${error instanceof Error ? (verbose ? error.stack : error.message) : String(error)}\n`);
    process.exitCode = 2;
  }
}
