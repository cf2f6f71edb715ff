/* rf-report: reports of a race check and of a coverability check, in several formats.
 *
 * Back ends are const ops tables chosen by name (rf_report_format_lookup): "text" (the
 * human report, plus GCC-style race diagnostics for stderr), "json" (the schema
 * docs/report.schema.json) and "sarif" (SARIF 2.1.0, race checks only). Output is
 * deterministic: every list is written in id order; the only run-dependent value is the
 * search time, which RfReportOptions.no_time leaves out. */
#pragma once

#include <glib.h>
#include "rf-cover.h"
#include "rf-diag.h"
#include "rf-net.h"
#include "rf-program.h"
#include "rf-race.h"

G_BEGIN_DECLS

typedef struct {
  gboolean stats;   /* text: print #Conf/#Subsum/#Iter per variable (JSON/SARIF always carry them) */
  gboolean no_time; /* leave the search time out: JSON "seconds": null, no text "time:" line */
  const char *const *inputs;  /* input file names, NULL-terminated, borrowed; may be NULL */
} RfReportOptions;

/* Appends the report for VERDICTS (RfRaceVerdict*) to OUT. */
void rf_report_text (const RfProgram *prog, const RfNet *net, GPtrArray *verdicts,
                     const RfReportOptions *opts, GString *out);

/* Adds one warning per race to DIAGS, at the access of the first racing thread (a
 * write when there is one), and a note at the conflicting access:
 *   f.sml:13:3: warning: data race on 'counter' (write by T2 (inc)) [racefree]
 *   f.sml:12:3: note: conflicting read by T3 (inc) */
void rf_report_race_diagnostics (const RfProgram *prog, const RfNet *net, GPtrArray *verdicts, RfDiags *diags);

/* RfReportFormat: one output back end. check writes the report of a race check
 * (VERDICTS: RfRaceVerdict*); cover the report of a coverability check on NET with
 * TARGETS (RfMarking*); either may be NULL when the format cannot express it.
 * diagnostics, when non-NULL, adds the findings as source diagnostics (for stderr). */
typedef struct {
  const char *name;
  void (*check) (const RfProgram *prog, const RfNet *net, GPtrArray *verdicts,
                 const RfReportOptions *opts, GString *out);
  void (*cover) (const RfNet *net, const RfCoverResult *result, GPtrArray *targets,
                 const RfReportOptions *opts, GString *out);
  void (*diagnostics) (const RfProgram *prog, const RfNet *net, GPtrArray *verdicts, RfDiags *diags);
} RfReportFormat;

extern const RfReportFormat rf_report_format_text;
extern const RfReportFormat rf_report_format_json;
extern const RfReportFormat rf_report_format_sarif;

/* The format called NAME ("text", "json", "sarif"), or NULL. Borrowed, static. */
const RfReportFormat *rf_report_format_lookup (const char *name);

/* "text, json, sarif": the format names, for messages. Static. */
const char *rf_report_format_names (void);

G_END_DECLS
