package io.duelhall.domain;

public enum IntentType { PLAY_CARD, ACTIVATE, END_TURN, DISCARD_DOWN, PASS, CONCEDE }
