/* rf-suppress: findings a team has accepted, read before a check so that each finding
 * is marked suppressed as soon as it is decided (rf_check_result_add_allowance,
 * rf_check_result_set_baseline).
 *
 * In-source allowances are comments in any source file of the program (the inputs and
 * every file its locations name):
 *   // racefree: allow race on counter: statistics only, read after the join
 * or the same in a block comment.
 * "racefree: allow", then the finding as the text report's verdict line names it
 * ("race on VAR", "lock order a -> b -> a", "relock M", "unlock M", "end holding M",
 * "condition C with M1 and M2"), then ": " and a reason, which is required. The comment
 * may be a line or a block comment (C and SML alike); the allowance ends at the end of
 * the line or of the comment. Text that only looks like a comment (inside a string
 * literal) counts too.
 *
 * A baseline is the JSON report (`check --format json`) of an earlier run: every race
 * and every deadlock or misuse it shows is accepted, matched by fingerprint
 * (rf_check_result_race_fingerprint), so line numbers may change in between. */
#pragma once

#include <glib.h>
#include "rf-check-result.h"
#include "rf-diag.h"

G_BEGIN_DECLS

/* Adds the allowances in the comments of RES's source files (rf_driver_source_files;
 * read when no front end did) to RES. A malformed one (no reason, an unknown kind of
 * finding) is a warning in DIAGS at its comment, and is not added. */
void rf_suppress_read_allowances (RfCheckResult *res, RfDiags *diags);

/* Reads the baseline FILE (an earlier `check --format json` report) into RES. FALSE
 * with *error ("FILE: not a racefree JSON report: reason", RF_INPUT_ERROR) when it
 * cannot be read or is not such a report. */
gboolean rf_suppress_read_baseline (RfCheckResult *res, const char *file, GError **error);

/* A warning in DIAGS at each allowance of RES that suppressed nothing (after the
 * check): "'allow race on x' suppresses nothing: no such finding in this run". */
void rf_suppress_warn_unused (const RfCheckResult *res, RfDiags *diags);

G_END_DECLS
