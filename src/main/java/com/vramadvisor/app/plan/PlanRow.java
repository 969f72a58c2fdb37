package com.vramadvisor.app.plan;

import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.PlanLayout;

/**
 * One layout of the planner's answer, formatted for the current language and size unit.
 *
 * @param layout          the layout: what Apply sets in the scenario
 * @param gpuId           catalog id of the GPU it runs on
 * @param chosen          whether this is the planner's choice (the first of its ranking at the chosen count)
 * @param gpus            GPUs the layout uses
 * @param gpusText        the count
 * @param machinesText    machines x GPUs in each
 * @param layoutText      the layout's short label ({@code tp2-pp2-zero1-dp4-sp})
 * @param layoutTip       the layout in words
 * @param peakBytes       per-GPU peak memory at the layout
 * @param memoryText      that peak in the chosen unit, labelled
 * @param mfu             model FLOPs utilisation, {@code null} without throughput figures
 * @param mfuText         the utilisation as a percentage
 * @param tokensPerSecond tokens per second over all GPUs, {@code null} without throughput figures
 * @param speedText       the throughput
 * @param hours           wall-clock hours for the token budget, {@code null} without throughput figures
 * @param timeText        the time, in days for long runs
 * @param gpuHours        hours x GPUs
 * @param gpuHoursText    GPU-hours
 * @param bound           the step's largest term, {@code null} without throughput figures
 * @param boundText       that term in words
 * @param boundTip        what it means and what helps
 * @param tight           whether it fits inside the safety margin
 * @param pastDeadline    whether it takes longer than the deadline
 * @param noteText        tight, past the deadline, both, or empty
 */
public record PlanRow(PlanLayout layout, String gpuId, boolean chosen, int gpus, String gpusText,
                      String machinesText, String layoutText, String layoutTip, long peakBytes, String memoryText,
                      Double mfu, String mfuText, Double tokensPerSecond, String speedText, Double hours,
                      String timeText, Double gpuHours, String gpuHoursText, Bound bound, String boundText,
                      String boundTip, boolean tight, boolean pastDeadline, String noteText) {
}
