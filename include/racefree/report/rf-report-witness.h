/* rf-report-witness: the violation witness of a race, in the YAML exchange format of
 * the software-verification community (SV-COMP witnesses, format 2.2 with its
 * concurrency extension), for `racefree check --witness FILE` (docs/reports.md,
 * "Witness files").
 *
 * A witness file holds one `violation_sequence` entry: the metadata (format version,
 * a uuid made from the SHA-256 of the rest of the file, the creation time, racefree as
 * producer, the task: input files with their SHA-256, the no-data-race property, the
 * data model, C) and one segment per step of the race's interleaving that has a C
 * source location, in firing order, each with one `follow` waypoint carrying the
 * thread's id (0 for main, k for the thread the k-th `function_enter` waypoint
 * creates); the last segment holds the two racing accesses as `target` waypoints, one
 * per thread. Only C inputs give a witness that means something: the command line
 * refuses a model input. Output is deterministic but for the creation time, which
 * RfReportOptions.no_time fixes at the epoch. */
#pragma once

#include <glib.h>
#include "rf-report.h"

G_BEGIN_DECLS

/* The race verdict of RES a witness is written for: VAR's when VAR >= 0 (NULL when it
 * does not race), else the first race in var id order (NULL when nothing races).
 * Borrowed. */
const RfRaceVerdict *rf_report_witness_verdict (const RfCheckResult *res, gint var);

/* Appends the witness of race verdict RV (a race of RES, a check of C files) to OUT;
 * the creation time is OPTS->end_us (or now), the epoch with OPTS->no_time. */
void rf_report_witness (const RfCheckResult *res, const RfRaceVerdict *rv, const RfReportOptions *opts,
                        GString *out);

G_END_DECLS
