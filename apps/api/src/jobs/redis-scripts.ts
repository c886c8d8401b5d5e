import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/*
 * Every change of a job's state in Redis is one Lua script, so that a connection lost half-way
 * never leaves a job half-changed (an answer stored and its record still `running`, a record
 * without its queue's byte count…). Besides the job's own keys, the scripts keep:
 *
 * - `pending`: a hash of the jobs not yet finished (id → input bytes) and `pending-bytes`, their
 *   sum: JOBS_MAX_QUEUED_BYTES bounds it, and the reconciler walks the hash;
 * - `finished`: id → "<status> <result bytes>" of finished jobs, `expiry`: when each is forgotten,
 *   and `result-bytes`: the sum of the results kept (the results' own cap);
 * - `counts`: jobs by status, moved with every change, for the metrics (what the records say).
 *
 * Not for Redis Cluster: the scripts touch keys of several jobs.
 */

const base = 'toolkit:jobs:';
export const jobKeys = {
  pending: `${base}pending`,
  pendingBytes: `${base}pending-bytes`,
  finished: `${base}finished`,
  expiry: `${base}expiry`,
  resultBytes: `${base}result-bytes`,
  counts: `${base}counts`,
  workerSeen: `${base}worker-seen`,
  cancelChannel: `${base}cancel`,
};

/** A job's own keys: its record, its input (description and bytes) and its answer. */
export function keysOf(id: string) {
  const at = `toolkit:job:${id}`;
  return {
    record: at,
    request: `${at}:request`,
    input: `${at}:input`,
    result: `${at}:result`,
    body: `${at}:body`,
  };
}

/** The keys every script gets, in this order (KEYS[1]…KEYS[11]). */
function allKeys(id: string): string[] {
  const own = keysOf(id);
  return [
    own.record,
    own.request,
    own.input,
    own.result,
    own.body,
    jobKeys.pending,
    jobKeys.pendingBytes,
    jobKeys.counts,
    jobKeys.expiry,
    jobKeys.finished,
    jobKeys.resultBytes,
  ];
}

/*
 * Shared by every script: forgetting a finished job's bookkeeping (not its keys, which expire), and
 * sweeping those whose time is up (a few per call, so that no call is long).
 */
const prelude = `
local REC, REQ, INP, RES, BODY = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local PENDING, PBYTES, COUNTS, EXPIRY, FINISHED, RBYTES = KEYS[6], KEYS[7], KEYS[8], KEYS[9], KEYS[10], KEYS[11]
local function forget(id)
  local v = redis.call('HGET', FINISHED, id)
  if v then
    local status, size = string.match(v, '(%S+) (%d+)')
    redis.call('HINCRBY', COUNTS, status, -1)
    redis.call('DECRBY', RBYTES, size)
    redis.call('HDEL', FINISHED, id)
  end
  redis.call('ZREM', EXPIRY, id)
end
local function sweep(now)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', EXPIRY, '-inf', now, 'LIMIT', 0, 50)) do forget(id) end
end
local function unpend(id)
  local bytes = redis.call('HGET', PENDING, id)
  if bytes then
    redis.call('HDEL', PENDING, id)
    redis.call('DECRBY', PBYTES, bytes)
  end
end
local function finish(id, r, status, now, ttl, size)
  redis.call('HINCRBY', COUNTS, r.status, -1)
  redis.call('HINCRBY', COUNTS, status, 1)
  r.status = status
  r.finishedAt = now
  redis.call('SET', REC, cjson.encode(r), 'EX', ttl)
  redis.call('DEL', REQ, INP)
  unpend(id)
  redis.call('ZADD', EXPIRY, tonumber(ARGV[2]) + ttl * 1000, id)
  redis.call('HSET', FINISHED, id, status .. ' ' .. size)
  redis.call('INCRBY', RBYTES, size)
end
local function open(r) return r.status == 'queued' or r.status == 'running' end
`;

/**
 * ARGV: id, now (ms), record, request, input, pending TTL (s), max queued bytes, max result bytes.
 * 1: taken; 0: the queued inputs are full; -1: the kept results are.
 */
const submit = `${prelude}
sweep(ARGV[2])
local bytes = #ARGV[4] + #ARGV[5]
local queued = tonumber(redis.call('GET', PBYTES) or '0')
if queued > 0 and queued + bytes > tonumber(ARGV[7]) then return 0 end
if tonumber(redis.call('GET', RBYTES) or '0') > tonumber(ARGV[8]) then return -1 end
redis.call('SET', REC, ARGV[3], 'EX', ARGV[6])
redis.call('SET', REQ, ARGV[4], 'EX', ARGV[6])
redis.call('SET', INP, ARGV[5], 'EX', ARGV[6])
redis.call('HSET', PENDING, ARGV[1], bytes)
redis.call('INCRBY', PBYTES, bytes)
redis.call('HINCRBY', COUNTS, 'queued', 1)
return 1`;

/** ARGV: id, now (ms), ISO now, pending TTL. The record now running, or nil when it is not to run. */
const start = `${prelude}
local text = redis.call('GET', REC)
if not text then return nil end
local r = cjson.decode(text)
if not open(r) or redis.call('EXISTS', INP) == 0 then return nil end
if r.status == 'queued' then
  redis.call('HINCRBY', COUNTS, 'queued', -1)
  redis.call('HINCRBY', COUNTS, 'running', 1)
end
r.status = 'running'
r.progress = 0
if r.startedAt == cjson.null then r.startedAt = ARGV[3] end
text = cjson.encode(r)
redis.call('SET', REC, text, 'EX', ARGV[4])
return text`;

/** ARGV: id, now (ms). A running job handed back to the queue (a worker stopping) is queued again. */
const requeue = `${prelude}
local text = redis.call('GET', REC)
if not text then return 0 end
local r = cjson.decode(text)
if r.status ~= 'running' then return 0 end
redis.call('HINCRBY', COUNTS, 'running', -1)
redis.call('HINCRBY', COUNTS, 'queued', 1)
r.status = 'queued'
r.progress = 0
redis.call('SET', REC, cjson.encode(r), 'KEEPTTL')
return 1`;

/**
 * ARGV: id, now (ms), ISO now, TTL (s), status, error JSON or '', answer's head, answer's body.
 * The answer is stored once: the finished record, or nil when it was stored already, the job was
 * cancelled, or is unknown.
 */
const complete = `${prelude}
if redis.call('EXISTS', RES) == 1 then return nil end
local text = redis.call('GET', REC)
if not text then return nil end
local r = cjson.decode(text)
if not open(r) then return nil end
r.progress = 100
if ARGV[6] == '' then r.error = cjson.null else r.error = cjson.decode(ARGV[6]) end
redis.call('SET', RES, ARGV[7], 'EX', ARGV[4])
redis.call('SET', BODY, ARGV[8], 'EX', ARGV[4])
finish(ARGV[1], r, ARGV[5], ARGV[3], tonumber(ARGV[4]), #ARGV[8])
return cjson.encode(r)`;

/**
 * ARGV: id, now (ms), ISO now, TTL (s). 1: a queued or running job is now cancelled (its work is
 * to stop); 2: a finished one is forgotten; 0: unknown (its bookkeeping, if any, is dropped).
 */
const cancel = `${prelude}
local text = redis.call('GET', REC)
if not text then
  unpend(ARGV[1])
  return 0
end
local r = cjson.decode(text)
if open(r) then
  finish(ARGV[1], r, 'cancelled', ARGV[3], tonumber(ARGV[4]), 0)
  return 1
end
forget(ARGV[1])
redis.call('DEL', REC, RES, BODY)
return 2`;

/** A script run by its SHA, sent again when the server has not seen it (NOSCRIPT, e.g. after a restart). */
class Script {
  private readonly sha: string;
  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, id: string, args: (string | number | Buffer)[]): Promise<unknown> {
    const keys = allKeys(id);
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, id, Date.now(), ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, id, Date.now(), ...args);
    }
  }
}

export const scripts = {
  submit: new Script(submit),
  start: new Script(start),
  requeue: new Script(requeue),
  complete: new Script(complete),
  cancel: new Script(cancel),
};

/** Records of unfinished jobs outlive any sane queue wait. */
export const pendingTtlSeconds = 7 * 24 * 3600;

/** BullMQ's part of a job: retried with backoff on our infrastructure's errors, kept a while when failed. */
export function jobOptions(id: string, ttlMs: number) {
  return {
    jobId: id,
    attempts: 8,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: true,
    removeOnFail: { age: Math.ceil(ttlMs / 1000) },
  };
}

/** Closing gives up on a part that does not answer (Redis away): the process must still stop. */
export const closed = (promise: Promise<unknown>, ms = 2000) =>
  Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

export const quiet = <T extends { on(event: 'error', listener: () => void): unknown }>(emitter: T): T => {
  // Connection trouble is reported to callers (EngineUnavailable); ioredis and BullMQ reconnect.
  emitter.on('error', () => undefined);
  return emitter;
};
