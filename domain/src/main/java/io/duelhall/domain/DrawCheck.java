package io.duelhall.domain;

/**
 * One random choice of a match, redone by the audit from the revealed seeds.
 *
 * @param draw what was drawn, e.g. "first seat" or "deck order of seat A"
 * @param reproduced whether the recorded outcome equals the one the seeds give
 * @param expected the outcome the seeds give (short text)
 * @param recorded the outcome the record holds (short text)
 */
public record DrawCheck(String draw, boolean reproduced, String expected, String recorded) {}
