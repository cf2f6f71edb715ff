/* rf-check-result: everything one run found, the one thing every report reads.
 *
 * A check result holds the input file names, the diagnostics of the front ends with
 * the source texts they read (and those of other files the program names, read once
 * by the driver for the reports that list sources), and what the stages made of the
 * inputs: the program (for
 * a program input), the net, and either the race verdicts (a race check; each with its
 * racing accesses, see RfRaceVerdict) or the coverability result and its targets (a
 * coverability check on a net input). The driver fills it stage by stage; reports
 * only read it, and compute nothing the stages already did. */
#pragma once

#include <glib.h>
#include "rf-cover.h"
#include "rf-deadlock.h"
#include "rf-diag.h"
#include "rf-net.h"
#include "rf-program.h"
#include "rf-race.h"

G_BEGIN_DECLS

/* RfCheckResult: body in rf-check-result.c. */
typedef struct _RfCheckResult RfCheckResult;

/* A result for INPUTS (file names, NULL-terminated, copied), with no diagnostics and
 * nothing found yet. */
RfCheckResult *rf_check_result_new (const char *const *inputs);
void rf_check_result_free (RfCheckResult *res);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfCheckResult, rf_check_result_free)

/* The input file names, in the order given (NULL-terminated). Borrowed. */
const char *const *rf_check_result_get_inputs (const RfCheckResult *res);

/* The diagnostics of the run; the front ends report to it and register the source
 * text of every file they read. Borrowed. */
RfDiags *rf_check_result_get_diags (const RfCheckResult *res);

/* Records the source of FILE that no front end read (rf_driver_read_sources): TEXT,
 * LEN bytes (copied), or, with TEXT NULL, why it could not be read (ERROR, copied). */
void rf_check_result_add_source (RfCheckResult *res, const char *file, const char *text, gsize len,
                                 const char *error);

/* The source text of FILE: as the front end read it (registered with the
 * diagnostics), else as recorded by rf_check_result_add_source; *LEN (may be NULL) its
 * length. NULL when there is none, with *ERROR (may be NULL) set to why, or to NULL
 * when nothing tried to read FILE. Borrowed. */
const char *rf_check_result_lookup_source (const RfCheckResult *res, const char *file, gsize *len,
                                          const char **error);

/* Line LINE (1-based) of FILE's source text (as rf_check_result_lookup_source finds
 * it), without its newline, its length in *LEN; NULL when not known. Borrowed. */
const char *rf_check_result_lookup_line (const RfCheckResult *res, const char *file, guint line, gsize *len);

/* The program (takes PROG); NULL until set, and for a net input. */
void rf_check_result_take_program (RfCheckResult *res, RfProgram *prog);
const RfProgram *rf_check_result_get_program (const RfCheckResult *res);

/* Forgets value variable VAR of the program (rf_program_forget_value) and drops the
 * net built from it, if any: before any verdict is added. */
void rf_check_result_forget_value (RfCheckResult *res, guint var);

/* The net (takes NET): built from the program, or read from a net input. */
void rf_check_result_take_net (RfCheckResult *res, RfNet *net);
const RfNet *rf_check_result_get_net (const RfCheckResult *res);
/* The quick arguments for the net (rf-race-quick.h), made on first use and dropped
 * with the net; NULL while there is no net, or when they are off. */
const RfRaceQuick *rf_check_result_get_quick (RfCheckResult *res);
/* Whether the race checks try the quick arguments before a search (default TRUE). */
void rf_check_result_set_quick (RfCheckResult *res, gboolean on);
/* Whether a race search runs on the net focused on its variable (rf_race_check_var's
 * FOCUS; default TRUE) or on the whole net. */
void rf_check_result_set_focus (RfCheckResult *res, gboolean on);
gboolean rf_check_result_get_focus (const RfCheckResult *res);

/* The targets of a net input (takes TARGETS: RfMarking*, owned). NULL otherwise. */
void rf_check_result_take_targets (RfCheckResult *res, GPtrArray *targets);
GPtrArray *rf_check_result_get_targets (const RfCheckResult *res);

/* Race check: adds the verdict of the next data variable (takes RV; var id order). */
void rf_check_result_add_verdict (RfCheckResult *res, RfRaceVerdict *rv);
/* The verdicts so far (RfRaceVerdict*), in var id order. Borrowed; never NULL. */
GPtrArray *rf_check_result_get_verdicts (const RfCheckResult *res);
/* How many verdicts are races, race-free and unknown. */
void rf_check_result_count (const RfCheckResult *res, guint *n_race, guint *n_free, guint *n_unknown);

/* RfChecks: what a run of a program checks (a set of bits). */
typedef enum {
  RF_CHECK_RACES = 1 << 0,      /* a race verdict per data variable */
  RF_CHECK_DEADLOCKS = 1 << 1,  /* a verdict per cycle of the lock-order graph */
  RF_CHECK_MISUSE = 1 << 2,     /* lock misuse: relocks, unlocks of a mutex not held, ends holding one */
  RF_CHECK_ALL = RF_CHECK_RACES | RF_CHECK_DEADLOCKS | RF_CHECK_MISUSE,
} RfChecks;

/* What the run checks (RF_CHECK_RACES until set): the reports say what was checked. */
void rf_check_result_set_checks (RfCheckResult *res, RfChecks checks);
RfChecks rf_check_result_get_checks (const RfCheckResult *res);

/* Deadlock check: adds the verdict of the next query (takes DV, in query order). */
void rf_check_result_add_deadlock (RfCheckResult *res, RfDeadlockVerdict *dv);
/* The deadlock verdicts so far (RfDeadlockVerdict*). Borrowed; never NULL. */
GPtrArray *rf_check_result_get_deadlocks (const RfCheckResult *res);
/* Whether lock-order cycles were left unchecked (1, past RF_DEADLOCK_MAX_CYCLES or
 * RF_DEADLOCK_MAX_STEPS: one unknown for them all) or not (0, until set). */
void rf_check_result_set_deadlock_unchecked (RfCheckResult *res, guint n);
guint rf_check_result_get_deadlock_unchecked (const RfCheckResult *res);
/* How many questions of a shown-only kind (RfDeadlockKindInfo.shown_only: lost
 * wake-ups) were searched, shown or not (0 until set); only those shown are verdicts. */
void rf_check_result_set_wakeups_searched (RfCheckResult *res, guint n);
guint rf_check_result_get_wakeups_searched (const RfCheckResult *res);
/* How many verdicts of KIND are found, proved free and unknown (the cycles not checked
 * counted as unknown). */
void rf_check_result_count_deadlocks (const RfCheckResult *res, RfDeadlockKind kind, guint *n_found,
                                      guint *n_free, guint *n_unknown);

/* Findings: each race verdict and each deadlock verdict of a check has a fingerprint
 * and may be suppressed. */

/* RfSuppressKind: why a finding shown does not count (NONE: it counts). */
typedef enum {
  RF_SUPPRESS_NONE,
  RF_SUPPRESS_SOURCE,     /* an in-source comment "racefree: allow race on VAR: REASON" */
  RF_SUPPRESS_BASELINE,   /* its fingerprint is in the --baseline report */
} RfSuppressKind;

/* RfSuppression: the suppression of one finding. loc: the comment (SOURCE), else none;
 * reason: the comment's reason (SOURCE) or the baseline file's name (BASELINE), owned
 * by the check result; NULL for NONE. */
typedef struct {
  RfSuppressKind kind;
  RfLoc loc;
  char *reason;
} RfSuppression;

/* The fingerprint of race verdict RV or deadlock verdict DV (verdicts of RES):
 * "HEX:N", HEX the first 16 hex digits of the SHA-256 of what identifies the
 * finding without line numbers (the rule, the variable's or the question's name with
 * its line numbers left out, the file and the whitespace-collapsed text of the
 * variable's declaration line), N counting the findings of the run with the same HEX
 * (1 for the first). Stable across edits that do not touch the declaration line or
 * rename it; set when the verdict is added. Borrowed. */
const char *rf_check_result_race_fingerprint (const RfCheckResult *res, const RfRaceVerdict *rv);
const char *rf_check_result_deadlock_fingerprint (const RfCheckResult *res, const RfDeadlockVerdict *dv);

/* The suppression of race verdict RV, or of deadlock verdict DV (kind NONE unless it
 * is a finding shown that an allowance or the baseline accepts). Borrowed; never NULL. */
const RfSuppression *rf_check_result_race_suppression (const RfCheckResult *res, const RfRaceVerdict *rv);
const RfSuppression *rf_check_result_deadlock_suppression (const RfCheckResult *res, const RfDeadlockVerdict *dv);
/* Suppressions, given before the check: each finding shown as it is added is
 * suppressed by the first allowance that names it, else by the baseline.
 * An allowance: WHAT names a finding as its text report's verdict line does ("race on
 * counter", "relock m", "lock order a -> b -> a", "unlock m", "end holding m", "condition
 * c with m1 and m2"), LOC is the comment, REASON why it is accepted (copied). */
void rf_check_result_add_allowance (RfCheckResult *res, const char *what, RfLoc loc, const char *reason);
/* The allowances that suppressed no finding, in the order added: their WHAT (the
 * caller warns about them). Owned array of borrowed strings; *LOCS (owned, RfLoc) their
 * comments. */
GPtrArray *rf_check_result_unused_allowances (const RfCheckResult *res, GArray **locs);
/* The baseline: FINGERPRINTS (takes it: a set of fingerprint strings) of the findings
 * of an earlier report FILE (copied). */
void rf_check_result_set_baseline (RfCheckResult *res, GHashTable *fingerprints, const char *file);

/* How many findings RES shows (races and deadlocks or misuse found) that count, how
 * many are suppressed, and how many verdicts are unknown (races, deadlock questions
 * and the cycles not checked): the exit status follows from them. */
void rf_check_result_count_findings (const RfCheckResult *res, guint *n_shown, guint *n_suppressed,
                                     guint *n_unknown);

/* How many verdicts (races and deadlock questions, or the coverability check) are
 * unknown because the run was interrupted (RfCoverResult.interrupted). */
guint rf_check_result_count_interrupted (const RfCheckResult *res);

/* Coverability check: its result (takes COVER); NULL until set. */
void rf_check_result_take_cover (RfCheckResult *res, RfCoverResult *cover);
const RfCoverResult *rf_check_result_get_cover (const RfCheckResult *res);

G_END_DECLS
