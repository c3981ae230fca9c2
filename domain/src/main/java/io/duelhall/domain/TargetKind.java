package io.duelhall.domain;

public enum TargetKind { SHIP, SUBSYSTEM, DRONE, CARD }
