-- Issue 40: block lists. An account blocks another: the queue never seats the two at one table (the wave reads
-- each ticket's blocks when it runs and stores those that matter in that wave with its inputs, so a re-run of the
-- stored wave pairs alike).
create table player_block (
    account_id         varchar(64) not null,
    blocked_account_id varchar(64) not null,
    created_at         timestamp   not null,
    constraint player_block_pk primary key (account_id, blocked_account_id)
);
