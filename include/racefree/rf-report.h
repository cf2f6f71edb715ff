/* rf-report: the text report of a race check (one line per variable, witnesses, summary). */
#pragma once

#include <glib.h>
#include "rf-net.h"
#include "rf-program.h"
#include "rf-race.h"

G_BEGIN_DECLS

typedef struct {
  gboolean stats;   /* print #Conf/#Subsum/#Iter per variable */
} RfReportOptions;

/* Appends the report for VERDICTS (RfRaceVerdict*) to OUT. */
void rf_report_text (const RfProgram *prog, const RfNet *net, GPtrArray *verdicts,
                     const RfReportOptions *opts, GString *out);

G_END_DECLS
