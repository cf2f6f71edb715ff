/* rf-diag: source locations and collected diagnostics (file:line:col: error: msg, with caret). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* RfLoc: a position in a source file. file is an interned string (g_intern_string),
 * never freed; line and col are 1-based; line 0 means "no location". */
typedef struct {
  const char *file;
  guint line;
  guint col;
} RfLoc;

#define RF_LOC_NONE ((RfLoc){ NULL, 0, 0 })

typedef enum {
  RF_DIAG_ERROR,
  RF_DIAG_WARNING,
  RF_DIAG_NOTE,
} RfDiagSeverity;

/* RfDiags: an ordered list of diagnostics for one run. Diagnostics are kept in the
 * order they were reported; the source text of each file may be registered so that
 * printing can show the offending line and a caret under the column. */
typedef struct _RfDiags RfDiags;

RfDiags *rf_diags_new (void);
void rf_diags_free (RfDiags *diags);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfDiags, rf_diags_free)

/* Registers the text of FILE (copied) so that diagnostics in it show their source line. */
void rf_diags_set_source (RfDiags *diags, const char *file, const char *text);

void rf_diags_add (RfDiags *diags, RfDiagSeverity sev, RfLoc loc, const char *fmt, ...) G_GNUC_PRINTF (4, 5);
void rf_diags_addv (RfDiags *diags, RfDiagSeverity sev, RfLoc loc, const char *fmt, va_list ap);

guint rf_diags_n_errors (const RfDiags *diags);
guint rf_diags_n_warnings (const RfDiags *diags);

/* Appends every diagnostic, in order, as
 *   file:line:col: error: message
 *    12 |   read x;
 *       |        ^
 * to OUT. */
void rf_diags_render (const RfDiags *diags, GString *out);

/* Scanner helpers shared by the front ends. rf_loc_advance moves a 1-based line and
 * column over TEXT (a newline starts the next line; every other byte is a column).
 * rf_diag_quote_char quotes a stray character for a message: 'x' for a printable
 * byte or a whole UTF-8 sequence, '\001' otherwise. Owned. */
void rf_loc_advance (guint *line, guint *col, const char *text, gsize len);
char *rf_diag_quote_char (const char *text, gsize len);

/* Reads FILE whole (binary-safe, NUL-terminated). On failure returns NULL, sets
 * *error (RF_INPUT_ERROR_IO: "cannot open 'F': reason" or "cannot read 'F': reason")
 * and, when ERR_NO is not NULL, *err_no to the errno. */
GString *rf_input_read_file (const char *file, int *err_no, GError **error);

/* Error domain for input errors of every front end; the message says how many errors. */
#define RF_INPUT_ERROR (rf_input_error_quark ())
GQuark rf_input_error_quark (void);
typedef enum {
  RF_INPUT_ERROR_IO,
  RF_INPUT_ERROR_SYNTAX,
  RF_INPUT_ERROR_SEMANTIC,
  RF_INPUT_ERROR_UNSUPPORTED,
} RfInputError;

G_END_DECLS
