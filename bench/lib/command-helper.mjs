// Runs the commands the benchmark times, for the benchmark process (run-command.ts, `fromHelper`).
// Plain JavaScript on purpose, loaded without tsx: a fork costs time in proportion to the memory of
// the process that forks (on this machine /bin/true took 3.4–4.3 ms from the 266 MB benchmark
// process and 1.4 ms from a bare Node), and a peer tool started by a person's shell pays the small
// cost, so the benchmark must not add the large one to it.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

process.on('message', ({ id, command, args, cwd, env, stdoutFile }) => {
  let fd;
  try {
    fd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'w');
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', fd ?? 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error) => process.send({ id, error: error.message }));
    child.on('close', (code) => process.send({ id, result: { code, stdout, stderr } }));
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
});

process.on('disconnect', () => process.exit(0));
