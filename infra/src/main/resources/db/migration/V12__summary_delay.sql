-- V12 (V11 is reserved for the accounts of issue 20, finding 4): the spectator delay of each listed match, so the
-- public lists (GET /api/matches, player history, leaderboard) can tell which matches they must show as they stood
-- `spectator_delay` seconds ago (query/.../PublicRecords). Rows written before this migration read 0 until the
-- match-list model is rebuilt (POST /api/admin/projections/match-list/rebuild).
alter table rm_match_summary add column spectator_delay integer default 0 not null;
