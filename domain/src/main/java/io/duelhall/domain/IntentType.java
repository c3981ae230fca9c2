package io.duelhall.domain;

/** What a seat wants. TIMEOUT is made by the server's clock only, never accepted from a client. */
public enum IntentType { PLAY_CARD, ACTIVATE, END_TURN, DISCARD_DOWN, PASS, CONCEDE, TIMEOUT }
