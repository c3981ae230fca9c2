-- V16 (issue 18): the matches whose match-views row a replay has not written yet. During a replay (a rebuild) the
-- match-views projection renders a match's view only when the match ends, or when a live event touches it, and
-- records here, in the same transaction as the processor's token, that the row is behind: version is the last event
-- folded. Whatever is left here (a crash, a match that gets no more events) is folded again from the event store
-- and written once the processor has caught up; a row is deleted only by whoever wrote the view at least that far.
create table rm_match_view_pending (
    match_id      varchar(100)    not null,
    version       bigint          not null,
    constraint rm_match_view_pending_pk primary key (match_id)
);
