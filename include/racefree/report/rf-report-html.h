/* rf-report-html: the report of a race check as one self-contained HTML page.
 *
 * The page (DIR/index.html) has inline CSS and JavaScript and loads nothing: a summary
 * table of locations and verdicts, for each race a witness panel (Next/Previous step
 * through the interleaving, highlighting the step's thread lane and its source line,
 * with each thread's position), the pictures of the race as inline SVG, the source
 * files with racing lines highlighted, and the statistics. Everything taken from the
 * user's files is HTML-escaped. Output is deterministic except for the search time,
 * which RfReportOptions.no_time leaves out. */
#pragma once

#include <glib.h>
#include "rf-report.h"

G_BEGIN_DECLS

/* Appends the page for the race check in RES to OUT. The source files it lists (the
 * inputs, then every other file a declaration or witness step names) are the texts in
 * RES (rf_check_result_lookup_source: the front ends' reading, and the driver's of
 * other files, rf_driver_read_sources), never read again; a file without one is
 * listed as unavailable, with the reason. */
void rf_report_html (const RfCheckResult *res, const RfReportOptions *opts, GString *out);

/* FALSE (with *error) when DIR cannot become a report directory: DIR, or the nearest
 * existing directory above it, is not a directory or is not writable, or DIR exists
 * and its index.html cannot be written (rf_out_check_file). For a check before a long
 * search; rf_report_html_write_dir still reports later failures. */
gboolean rf_report_html_dir_usable (const char *dir, GError **error);

/* Writes PAGE as DIR/index.html, creating DIR (and missing parents) when needed. An
 * existing index.html is replaced atomically (temporary file and rename); on failure
 * nothing is left behind: no temporary file and no directory created by this call. */
gboolean rf_report_html_write_dir (const char *dir, const char *page, gsize len, GError **error);

G_END_DECLS
