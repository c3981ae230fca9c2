package io.duelhall.domain;

public enum MatchStatus {
    NEW,
    WAITING,
    LIVE,
    ENDED
}
