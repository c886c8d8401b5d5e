import type { GroupId } from './groups.js';

/**
 * Where a tool's work runs on the server, one lane per engine (API.md "Heavy work is isolated"):
 * `images` libvips, `workers` the JavaScript worker threads, `programs` external programs (ffmpeg,
 * LibreOffice). `light` is JavaScript that is cheap per byte (data and text conversions, detection):
 * a small body runs in the light lane, beside heavy work instead of behind it; a larger one in
 * `workers`.
 */
export type LaneId = 'images' | 'workers' | 'programs' | 'light';

export const laneIds = ['images', 'workers', 'programs', 'light'] as const satisfies readonly LaneId[];

/** Each group's lane; a tool whose engine differs from its group's says so (`api.lane`). */
const groupLanes: Record<GroupId, LaneId> = {
  image: 'images',
  text: 'light',
  file: 'workers',
  data: 'light',
  media: 'programs',
  document: 'workers',
};

/** The lane of a tool: its own `api.lane`, else its group's. */
export function laneOf(tool: { group: GroupId; api: { path: string; lane?: LaneId | undefined } }): LaneId {
  return tool.api.lane ?? groupLanes[tool.group];
}
