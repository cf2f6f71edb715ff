/* rf-report-html-private: what the HTML report's two files share (private to src/report). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The page's inline style sheet and script (rf-report-html-page.c), NUL-terminated. */
extern const char rf_report_html_style[];
extern const char rf_report_html_script[];

G_END_DECLS
