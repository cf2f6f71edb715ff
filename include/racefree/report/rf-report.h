/* rf-report: reports of a race check and of a coverability check, in several formats.
 *
 * Back ends are const ops tables chosen by name (rf_report_format_lookup): "text" (the
 * human report, plus GCC-style race diagnostics for stderr), "json" (the schema
 * docs/report.schema.json) and "sarif" (SARIF 2.1.0, race checks only). Output is
 * deterministic: every list is written in id order; the only run-dependent value is the
 * search time, which RfReportOptions.no_time leaves out. */
#pragma once

#include <glib.h>
#include "rf-check-result.h"
#include "rf-diag.h"

G_BEGIN_DECLS

/* RfReportOptions: what a report shows beyond the result. */
typedef struct {
  gboolean stats;   /* text: print #Conf/#Subsum/#Iter per variable (JSON/SARIF always carry them) */
  gboolean no_time; /* leave the search time out: JSON "seconds": null, no text "time:" line, no
                     * SARIF invocation times */
  /* SARIF's invocation: the run's exit status, and its wall-clock start and end
   * (microseconds since the epoch, g_get_real_time; left out with no_time or when 0) */
  int exit_code;
  gint64 start_us, end_us;
  /* SARIF: the directory %SRCROOT% stands for, absolute (NULL: the current directory);
   * files under it are named relative to it, the others by absolute file: URIs */
  const char *source_root;
} RfReportOptions;

/* Appends the text report of the race check in RES to OUT: each verdict's part
 * (rf_report_text_verdict), then the summary line. */
void rf_report_text (const RfCheckResult *res, const RfReportOptions *opts, GString *out);

/* Appends the part of the text report about RV (a verdict of RES) to OUT: its verdict
 * line, for a race the racing accesses, the notes and the interleaving, and with
 * opts->stats its statistics. It can be written as soon as RV is decided. */
void rf_report_text_verdict (const RfCheckResult *res, const RfRaceVerdict *rv,
                             const RfReportOptions *opts, GString *out);

/* Appends the part of the text report about deadlock verdict DV of RES to OUT: its
 * verdict line ("lock order a -> b -> a: DEADLOCK", "relock m: SELF-DEADLOCK"), for a
 * deadlock shown what each thread holds and waits for, and the interleaving. */
void rf_report_text_deadlock (const RfCheckResult *res, const RfDeadlockVerdict *dv,
                              const RfReportOptions *opts, GString *out);

/* Adds a warning per deadlock shown in RES to DIAGS, at the first thread's wait, and a
 * note at each other thread's:
 *   f.c:13:3: warning: deadlock: T2 (a_then_b) holds 'a' and waits for 'b' [racefree]
 *   f.c:24:3: note: T3 (b_then_a) holds 'b' and waits for 'a' */
void rf_report_deadlock_diagnostics (const RfCheckResult *res, RfDiags *diags);

/* Adds one warning per race of RES to DIAGS, at the access of the first racing thread
 * (a write when there is one), and a note at the conflicting access:
 *   f.sml:13:3: warning: data race on 'counter' (write by T2 (inc)) [racefree]
 *   f.sml:12:3: note: conflicting read by T3 (inc) */
void rf_report_race_diagnostics (const RfCheckResult *res, RfDiags *diags);

/* RfReportFormat: one output back end; every function reads one check result.
 * A race check's report comes in two parts: verdict, when non-NULL, writes the part
 * about one verdict as soon as it is decided, and check the rest once every verdict
 * is in (with verdict NULL, check writes the whole report). cover writes the report of
 * a coverability check. Either of check and cover may be NULL when the format cannot
 * express it. diagnostics, when non-NULL, adds the findings as source diagnostics
 * (for stderr). deadlock, when non-NULL, writes the part about one deadlock verdict
 * as soon as it is decided (after every race verdict), like verdict. */
typedef struct {
  const char *name;
  void (*verdict) (const RfCheckResult *res, const RfRaceVerdict *rv, const RfReportOptions *opts,
                   GString *out);
  void (*check) (const RfCheckResult *res, const RfReportOptions *opts, GString *out);
  void (*cover) (const RfCheckResult *res, const RfReportOptions *opts, GString *out);
  void (*diagnostics) (const RfCheckResult *res, RfDiags *diags);
  void (*deadlock) (const RfCheckResult *res, const RfDeadlockVerdict *dv, const RfReportOptions *opts,
                    GString *out);
} RfReportFormat;

extern const RfReportFormat rf_report_format_text;
extern const RfReportFormat rf_report_format_json;
extern const RfReportFormat rf_report_format_sarif;

/* The format called NAME ("text", "json", "sarif"), or NULL. Borrowed, static. */
const RfReportFormat *rf_report_format_lookup (const char *name);

/* "text, json, sarif": the format names, for messages. Static. */
const char *rf_report_format_names (void);

G_END_DECLS
