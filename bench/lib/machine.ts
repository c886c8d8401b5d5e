import { readFile } from 'node:fs/promises';
import os from 'node:os';

/** What the figures were measured on; written beside every result. */
export interface MachineInfo {
  cpuModel: string;
  logicalCores: number;
  ramGiB: number;
  kernel: string;
  os: string;
  node: string;
  /** Extra tool versions (sharp, libvips, ImageMagick, Chromium, …) added by each benchmark. */
  tools: Record<string, string>;
}

async function cpuModel(): Promise<string> {
  try {
    const cpuinfo = await readFile('/proc/cpuinfo', 'utf8');
    const line = cpuinfo.split('\n').find((l) => l.startsWith('model name'));
    if (line) return line.split(':').slice(1).join(':').trim();
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

async function osName(): Promise<string> {
  try {
    const release = await readFile('/etc/os-release', 'utf8');
    const pretty = release.split('\n').find((l) => l.startsWith('PRETTY_NAME='));
    if (pretty) return pretty.slice('PRETTY_NAME='.length).replaceAll('"', '');
  } catch {
    // Not Linux.
  }
  return `${os.type()} ${os.release()}`;
}

export async function machineInfo(tools: Record<string, string>): Promise<MachineInfo> {
  return {
    cpuModel: await cpuModel(),
    logicalCores: os.cpus().length,
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    kernel: `${os.type()} ${os.release()} (${os.arch()})`,
    os: await osName(),
    node: process.version,
    tools,
  };
}

/** The machine as a Markdown list. */
export function machineMarkdown(machine: MachineInfo): string {
  const lines = [
    `- CPU: ${machine.cpuModel}, ${machine.logicalCores} logical cores`,
    `- RAM: ${machine.ramGiB} GiB`,
    `- Kernel: ${machine.kernel}; OS: ${machine.os}`,
    `- Node: ${machine.node}`,
    ...Object.entries(machine.tools).map(([name, version]) => `- ${name}: ${version}`),
  ];
  return lines.join('\n');
}
