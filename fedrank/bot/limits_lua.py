"""The Lua scripts behind :mod:`fedrank.bot.limits_redis`: each one atomic step of a limit.

Every script takes ``ARGV[1]``, "now" in microseconds, empty for Redis's own ``TIME``: one clock
for every process on the token (the tests pass a fake one). Times are microseconds, written
with ``%.2f`` (Lua would write a number as ``%.14g`` and lose the last digits); the
algorithms are :mod:`fedrank.bot.limits`' line for line, so shared pacing is one process's.
"""

from __future__ import annotations

PRELUDE = """
local function clock()
  if ARGV[1] ~= '' then return tonumber(ARGV[1]) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000000 + tonumber(t[2])
end
local function n(x) return string.format('%.2f', x) end
local function expire(key, ms) redis.call('PEXPIRE', key, math.floor(ms)) end
-- The limit-th latest slot of a window (a sorted set of slots), or nil while it has fewer.
local function kth(key, now, window, limit)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', n(now - window))
  if redis.call('ZCARD', key) < limit then return nil end
  return tonumber(redis.call('ZREVRANGE', key, limit - 1, limit - 1, 'WITHSCORES')[2])
end
"""

#: A token's budget (``Budget._reserve``: GCRA with ``burst``, at most ``limit`` slots in any
#: ``window``, none before ``held``). KEYS: state hash, slots, senders[, chat hash].
#: ARGV: now, interval, burst, limit, window, process id, chat interval.
#: Returns {delay, slot id, processes seen sending in the last minute, slot}.
BUDGET = (
    PRELUDE
    + """
local now = clock()
local interval, burst = tonumber(ARGV[2]), tonumber(ARGV[3])
local limit, window = tonumber(ARGV[4]), tonumber(ARGV[5])
local st = redis.call('HMGET', KEYS[1], 'tat', 'held', 'seq')
local tat, held = tonumber(st[1]) or 0, tonumber(st[2]) or 0
local seq = (tonumber(st[3]) or 0) + 1
local slot = math.max(now, tat - (burst - 1) * interval, held)
local last = kth(KEYS[2], now, window, limit)
if last then slot = math.max(slot, last + window) end
redis.call('ZADD', KEYS[2], n(slot), seq)
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(limit + 1))
tat = math.max(tat, slot) + interval
redis.call('HSET', KEYS[1], 'tat', n(tat), 'seq', seq)
expire(KEYS[1], (tat - now) / 1000 + 60000)
expire(KEYS[2], (slot - now + window) / 1000 + 60000)
redis.call('ZADD', KEYS[3], n(now), ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', n(now - 60000000))
expire(KEYS[3], 120000)
if KEYS[4] then
  local after = slot + tonumber(ARGV[7])
  if after > (tonumber(redis.call('HGET', KEYS[4], 'next')) or 0) then
    redis.call('HSET', KEYS[4], 'next', n(after))
  end
  expire(KEYS[4], (after - now) / 1000 + 60000)
end
return {math.floor(slot - now), seq, redis.call('ZCARD', KEYS[3]), math.floor(slot)}
"""
)

#: The request went: its slot moves to now if it is later (``Budget.take``'s cell), so a late
#: sender never packs the window. KEYS: slots. ARGV: now, slot id.
COMMIT = (
    PRELUDE
    + """
local now = clock()
local at = redis.call('ZSCORE', KEYS[1], ARGV[2])
if at and tonumber(at) < now then redis.call('ZADD', KEYS[1], n(now), ARGV[2]) end
return 0
"""
)

#: A field of a hash raised to now + seconds (a hold after a 429: a budget's ``held``, a
#: chat's ``next``). KEYS: the hash. ARGV: now, field, microseconds.
RAISE = (
    PRELUDE
    + """
local now = clock()
local til = now + tonumber(ARGV[3])
local was = tonumber(redis.call('HGET', KEYS[1], ARGV[2])) or 0
if til > was then redis.call('HSET', KEYS[1], ARGV[2], n(til)) end
expire(KEYS[1], (math.max(til, was) - now) / 1000 + 60000)
return 0
"""
)

#: A Telegram chat's slot (``TelegramPacer.reserve``): 1 per ``interval``, and in a group at
#: most ``limit`` in any ``window``. KEYS: chat hash, group slots. ARGV: now, interval, limit
#: (0: not a group), window. Returns the delay.
CHAT = (
    PRELUDE
    + """
local now = clock()
local interval, limit, window = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local slot = math.max(now, tonumber(redis.call('HGET', KEYS[1], 'next')) or 0)
if limit > 0 then
  local last = kth(KEYS[2], now, window, limit)
  if last then slot = math.max(slot, last + window) end
  redis.call('ZADD', KEYS[2], n(slot), redis.call('HINCRBY', KEYS[1], 'seq', 1))
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(limit + 1))
  expire(KEYS[2], (slot - now + window) / 1000 + 1000)
end
redis.call('HSET', KEYS[1], 'next', n(slot + interval))
expire(KEYS[1], (slot + interval - now) / 1000 + 60000)
return math.floor(slot - now)
"""
)

#: A Discord route bucket's next request (``DiscordLimits.before``): 0 to go (a remaining
#: request taken), else the wait until its reset. KEYS: bucket hash. ARGV: now.
TAKE = (
    PRELUDE
    + """
local now = clock()
local b = redis.call('HMGET', KEYS[1], 'remaining', 'reset')
local remaining, reset = tonumber(b[1]), tonumber(b[2])
if not remaining or not reset then return 0 end
if now >= reset then redis.call('DEL', KEYS[1]) return 0 end
if remaining > 0 then redis.call('HINCRBY', KEYS[1], 'remaining', -1) return 0 end
return math.max(1, math.floor(reset - now))
"""
)

#: What an answer said of its bucket (``DiscordLimits.after``): the route's bucket hash, its
#: remaining requests until the reset. Answers of several processes arrive in any order, so
#: a live bucket keeps the fewer remaining and the later reset. KEYS: bucket hash, routes.
#: ARGV: now, remaining ('' for none), reset after, route, bucket hash ('' for none).
LEARN = (
    PRELUDE
    + """
local now = clock()
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[2], ARGV[4], ARGV[5])
  expire(KEYS[2], 86400000)
end
if ARGV[2] == '' then return 0 end
local remaining, reset = tonumber(ARGV[2]), now + tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 'remaining', 'reset')
local had, was = tonumber(b[1]), tonumber(b[2])
if had and was and now < was then
  remaining = math.min(remaining, had)
  reset = math.max(reset, was)
end
redis.call('HSET', KEYS[1], 'remaining', remaining, 'reset', n(reset))
expire(KEYS[1], (reset - now) / 1000 + 1000)
return 0
"""
)

#: Which bucket a route shares (learnt by any process). KEYS: routes. ARGV: now, route.
ROUTE = """return redis.call('HGET', KEYS[1], ARGV[2])"""

SCRIPTS = {
    "budget": BUDGET,
    "commit": COMMIT,
    "raise": RAISE,
    "chat": CHAT,
    "take": TAKE,
    "learn": LEARN,
    "route": ROUTE,
}
