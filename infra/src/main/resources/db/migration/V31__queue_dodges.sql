-- Issue 40: dodges. One row per seat a queue's wave seated (queue.TicketMatched); when the match ends, whether the
-- seat acted, lost on the clock, and so dodged (never acted, lost on the clock). A read model of the processor
-- queue-dodges, rebuilt from the event store (its reset deletes every row; a fresh token replays from the start).
create table rm_queue_seat (
    match_id   varchar(100) not null,
    seat       varchar(2)   not null,
    queue_id   varchar(60)  not null,
    ticket_id  varchar(120) not null,
    matched_at timestamp(6) with time zone not null,
    account_id varchar(100),
    ended_at   timestamp(6) with time zone,
    outcome    varchar(10),
    acted      boolean,
    timed_out  boolean,
    dodged     boolean default false not null,
    constraint rm_queue_seat_pk primary key (match_id, seat)
);
create index rm_queue_seat_account on rm_queue_seat (account_id, dodged, ended_at);
