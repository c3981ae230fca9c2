-- Issue 25: every view names the rules version its match is played under ("rules": {"engine", "catalog"}).
-- The spectator views stored before have no such field, so they are dropped and the match-views processor, finding
-- no token, rebuilds them from the event store at start (while it catches up, /view folds the match from the store).
delete from rm_match_view;
delete from token_entry where processor_name = 'match-views';
