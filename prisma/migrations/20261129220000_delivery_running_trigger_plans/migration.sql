-- The running totals' trigger rebuilds the strategies a write touched from the
-- first hour it changed: a few strategies' recent rows, read by their
-- (strategyId, hour) and (strategyId, day) keys. Its SQL functions are
-- planned generically (the arrays' sizes unknown: 90 rows assumed), and at a
-- year of hourly delivery the planner chose sequential scans of both
-- rollups, then compiled the plan with JIT: one row of delivery cost 4-7 s
-- (8.76 M strategy-hours; 1.2 ms with its keys). Inside the trigger only,
-- the plans use the keys and are not compiled. delivery_running_build,
-- which reads every strategy's whole history, keeps the planner's choice.
ALTER FUNCTION delivery_running_after_write()
  SET enable_seqscan = off
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET jit = off;
