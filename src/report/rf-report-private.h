/* rf-report-private: what the report back ends share: the racing access sites of a
 * witness and a small JSON writer (pretty-printed, deterministic, UTF-8). */
#pragma once

#include "rf-report.h"

G_BEGIN_DECLS

/* RfRaceSite: a thread that is in the middle of an access to the raced variable at the
 * end of an interleaving. loc and step are those of the access's begin transition
 * (step is 1-based in the interleaving). */
typedef struct {
  guint thread;
  gint job;
  gboolean write;
  RfLoc loc;
  guint step;
} RfRaceSite;

/* The racing accesses of RV (which must be unsafe), in thread id order. RfRaceSite, owned. */
GArray *rf_report_race_sites (const RfNet *net, const RfRaceVerdict *rv);

/* Why the racing accesses of RV are not protected: the program's notes on them (see
 * rf_program_add_note), each once, in site order. const char* borrowed from PROG;
 * empty when PROG is NULL. */
GPtrArray *rf_report_race_notes (const RfProgram *prog, const RfNet *net, const RfRaceVerdict *rv);

/* The index in SITES of the access a report leads with: the first write, else 0. */
guint rf_report_race_lead (GArray *sites);

/* How many of VERDICTS (RfRaceVerdict*) are races, race-free and unknown. */
void rf_report_count_verdicts (GPtrArray *verdicts, guint *n_race, guint *n_free, guint *n_unknown);

/* The job type's name, or "?" for -1. Borrowed. */
const char *rf_report_job_name (const RfNet *net, gint job);

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
