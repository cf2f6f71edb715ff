/* rf-report-private: what the report back ends share: naming a job and a small JSON
 * writer (pretty-printed, deterministic, UTF-8). What they say of a race (its racing
 * accesses, the lead one, the notes) is in the verdict (rf-race.h), worked out once. */
#pragma once

#include "rf-report.h"

G_BEGIN_DECLS

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
