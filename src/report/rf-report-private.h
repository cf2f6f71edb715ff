/* rf-report-private: what the report back ends share: naming a job and a small JSON
 * writer (pretty-printed, deterministic, UTF-8). What they say of a race (its racing
 * accesses, the lead one, the notes) is in the verdict (rf-race.h), worked out once. */
#pragma once

#include "rf-report.h"

G_BEGIN_DECLS

/* The job type's name, or "?" for -1. Borrowed. */
const char *rf_report_job_name (const RfNet *net, gint job);

/* "f.c:12" for LOC, or "?". */
void rf_report_append_loc (GString *out, RfLoc loc);

/* "  suppressed: REASON (allowed at f.c:3)" or "  suppressed: in the baseline F"
 * and a newline for SUP; nothing when it is not a suppression. */
void rf_report_append_suppression (const RfSuppression *sup, GString *out);

/* The text of interleaving IL: "  interleaving (N steps):", one line per step, then
 * "  final state:" and one line per thread, with the locks it holds when PROG (may be
 * NULL: a net input) names them. */
void rf_report_append_steps (const RfProgram *prog, const RfNet *net, const RfInterleaving *il, GString *out);

/* "f.c:12:3" for LOC (its column when known), or "?". */
void rf_report_append_loc_col (GString *out, RfLoc loc);

/* The call stack of step STEP (0-based) of IL, at LOC (rf_program_stack of its
 * transition's context); empty when PROG is NULL or the step has no context. *SHARED
 * (may be NULL) as rf_program_stack sets it. Owned array of RfStackFrame. */
GArray *rf_report_step_stack (const RfProgram *prog, const RfNet *net, const RfInterleaving *il, guint step,
                              RfLoc loc, gboolean *shared);

/* The function step STEP (0-based) of IL is in (the innermost frame of its stack), or
 * NULL when PROG is NULL or the step has no context. Borrowed from PROG. */
const char *rf_report_step_function (const RfProgram *prog, const RfNet *net, const RfInterleaving *il, guint step);

/* "in bump at f.c:13:3, called from worker at f.c:20:5" for STACK (non-empty), with
 * ", called from several places" after a copy shared by its callers (SHARED). */
void rf_report_append_stack (const GArray *stack, gboolean shared, GString *out);

/* The call stack (RfStackFrame, innermost first, owned) of what thread TH of deadlock
 * verdict DV (shown) does where its witness leaves it (waits, unlocks, ends, blocks,
 * joins: at th->wait_loc); empty when the model gives no call contexts. *SHARED as
 * rf_program_stack says. */
GArray *rf_report_deadlock_thread_stack (const RfProgram *prog, const RfNet *net, const RfDeadlockVerdict *dv,
                                         const RfDeadlockThread *th, gboolean *shared);

/* "write at f.c:13:3 and read at f.c:12:3" for pair P. */
void rf_report_append_pair (const RfRacePair *p, GString *out);

/* How many of RV's pairs race, cannot race and are unknown (0s without pairs). */
void rf_report_count_pairs (const RfRaceVerdict *rv, guint *n_race, guint *n_free, guint *n_unknown);

/* "holding a and rw (for reading)" for the locks HELD (RfHeld of PROG), "holding no
 * lock" for none. */
void rf_report_append_held (const RfProgram *prog, const GArray *held, GString *out);
/* The names of the locks HELD, SEP between them, "(for reading)" after a read hold. */
void rf_report_append_held_list (const RfProgram *prog, const GArray *held, const char *sep, GString *out);

/* What thread TH of deadlock verdict DV does, as one sentence ("T2 (worker) holds a
 * (locked at step 3, f.c:12) and waits for b at f.c:13"). */
void rf_report_append_deadlock_thread (const RfProgram *prog, const RfNet *net, const RfDeadlockVerdict *dv,
                                       const RfDeadlockThread *th, GString *out);

/* The last line of the text report of the deadlock check of RES (nothing when RES
 * checks neither deadlocks nor misuse), and the lock operations the model does not
 * follow. */
void rf_report_text_deadlock_summary (const RfCheckResult *res, GString *out);

/* RfJson: a JSON writer appending to out. Containers nest up to RF_JSON_MAX_DEPTH;
 * an inline container keeps its elements (and everything inside) on one line.
 * Invariant: after_key is TRUE only between rf_json_key and the member's value. */
#define RF_JSON_MAX_DEPTH 32
typedef struct {
  GString *out;   /* borrowed */
  guint depth;
  guint inline_depth;  /* depth at which inline mode began; 0 = not inline */
  gboolean first[RF_JSON_MAX_DEPTH];  /* no element written yet at this depth */
  gboolean after_key;
} RfJson;

void rf_json_init (RfJson *j, GString *out);
void rf_json_begin_object (RfJson *j);
void rf_json_begin_array (RfJson *j);
/* Like rf_json_begin_array, with all elements on one line: ["x", 2]. */
void rf_json_begin_array_inline (RfJson *j);
void rf_json_end_object (RfJson *j);
void rf_json_end_array (RfJson *j);
void rf_json_key (RfJson *j, const char *key);
/* A string value, escaped; NULL writes null. */
void rf_json_string (RfJson *j, const char *s);
void rf_json_uint (RfJson *j, guint64 v);
void rf_json_int (RfJson *j, gint64 v);
void rf_json_double (RfJson *j, gdouble v);
void rf_json_bool (RfJson *j, gboolean v);
void rf_json_null (RfJson *j);
/* Ends the document with a newline. */
void rf_json_finish (RfJson *j);

/* Appends S to OUT as a JSON string literal: quotes, backslash and control characters
 * escaped, non-ASCII passed through as UTF-8 (invalid bytes become U+FFFD). */
void rf_json_append_escaped (GString *out, const char *s);

/* Shorthands: "key": value. */
void rf_json_member_string (RfJson *j, const char *key, const char *s);
void rf_json_member_uint (RfJson *j, const char *key, guint64 v);

/* {"file": ..., "line": ..., "column": ...} members for LOC (null when unknown). */
void rf_json_loc_members (RfJson *j, RfLoc loc);

G_END_DECLS
