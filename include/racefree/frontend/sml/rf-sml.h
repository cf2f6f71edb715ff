/* rf-sml: the small model language front end (reentrant flex + pure bison).
 * Parses SML text into the program model, reporting every problem to diags. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-program.h"

G_BEGIN_DECLS

/* Parses TEXT (named FILE in diagnostics). Returns the program, or NULL with *error
 * set (RF_INPUT_ERROR) when any error was reported to DIAGS. DIAGS also receives the
 * source text for caret display. */
RfProgram *rf_sml_parse (const char *file, const char *text, RfDiags *diags, GError **error);

/* Reads FILE and parses it. */
RfProgram *rf_sml_parse_file (const char *file, RfDiags *diags, GError **error);

G_END_DECLS
