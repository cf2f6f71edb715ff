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

/* RfDiags: the diagnostics of one run, in the order they were reported: kept until
 * rendered, or, once an output is set, written to it as they come and not kept (so a
 * run holds their counts only). The source text of each file may be registered so
 * that they show the offending line and a caret under the column. A limit on errors
 * ends the list: past it nothing more is taken, and front ends stop reading. */
typedef struct _RfDiags RfDiags;
typedef struct _RfOut RfOut;

RfDiags *rf_diags_new (void);
void rf_diags_free (RfDiags *diags);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfDiags, rf_diags_free)

/* Registers the text of FILE (copied) so that diagnostics in it show their source line. */
void rf_diags_set_source (RfDiags *diags, const char *file, const char *text);
/* The text registered for FILE, or NULL. Borrowed. */
const char *rf_diags_get_source (const RfDiags *diags, const char *file);
/* Line LINE (1-based) of FILE's registered source, without its newline (nor a '\r'
 * before it), its length in *LEN; NULL when there is no such source or line. The
 * source's line index is built on first use. Borrowed. */
const char *rf_diags_get_source_line (RfDiags *diags, const char *file, guint line, gsize *len);

void rf_diags_add (RfDiags *diags, RfDiagSeverity sev, RfLoc loc, const char *fmt, ...) G_GNUC_PRINTF (4, 5);
void rf_diags_addv (RfDiags *diags, RfDiagSeverity sev, RfLoc loc, const char *fmt, va_list ap);

/* From now on each diagnostic is rendered (as rf_diags_render does) to OUT (borrowed;
 * must outlive DIAGS or be unset with NULL) as soon as it is added, and not kept. Set
 * it before the first diagnostic, after registering the sources it may quote. */
void rf_diags_set_output (RfDiags *diags, RfOut *out);

/* At most MAX_ERRORS errors (0: no limit, the default): the error that reaches it is
 * the last diagnostic taken; rf_diags_add drops everything after it. */
void rf_diags_set_max_errors (RfDiags *diags, guint max_errors);
/* TRUE once the limit of errors was reached: a front end stops reading its input (its
 * result is an error anyway). */
gboolean rf_diags_stopped (const RfDiags *diags);

/* Stops DIAGS now, as if the limit of errors were reached: after a fatal error (an
 * input nested too deeply), whatever follows would only be its echoes. */
void rf_diags_stop (RfDiags *diags);

/* Brackets ('(', '[', '{') an input may have open at once, as clang's -fbracket-depth.
 * A front end reports the opener past it, "nesting too deep (more than 256 brackets
 * open)", and stops (rf_diags_stop); a parser whose stack fills up with deeper
 * structures of another kind reports "nesting too deep" where it is. */
#define RF_NESTING_MAX 256

/* Adds every diagnostic FROM kept (FROM has no output set) to DIAGS, in order, as if
 * each were added now: a stage that tries again keeps the diagnostics of the attempt
 * that counts. */
void rf_diags_append (RfDiags *diags, const RfDiags *from);

guint rf_diags_n_errors (const RfDiags *diags);
guint rf_diags_n_warnings (const RfDiags *diags);

/* Appends every diagnostic kept, in order, as
 *   file:line:col: error: message
 *    12 |   read x;
 *       |        ^
 * to OUT. A source line longer than 160 bytes is shown as a window of about 160 bytes
 * around the caret, with "..." where it was cut; a '\r' ending a line is not shown; a
 * control character or a byte that is not UTF-8 is shown as <XX>, a bidirectional
 * override as <U+202E> (so the output is UTF-8 and sends no terminal escape), and the
 * caret counts one column per character (a tab stays a tab). */
void rf_diags_render (const RfDiags *diags, GString *out);

/* Scanner helpers shared by the front ends. rf_loc_advance moves a 1-based line and
 * column over TEXT (a newline starts the next line; every other byte is a column).
 * rf_diag_quote_char quotes a stray character for a message: 'x' for a printable
 * byte or a whole UTF-8 sequence, '\001' otherwise. Owned. */
void rf_loc_advance (guint *line, guint *col, const char *text, gsize len);
char *rf_diag_quote_char (const char *text, gsize len);

/* MESSAGE (a GLib error's, which quotes with curly quotes in some locales and
 * versions: “x”) in racefree's one style: every curly quote made a straight '. Owned. */
char *rf_diag_plain_quotes (const char *message);

/* The LEN bytes of TEXT with every run of white space made one space and the ends
 * trimmed (a line's text compared across edits, a name written by hand). Owned. */
char *rf_diag_collapse_space (const char *text, gsize len);

/* The length of a UTF-8 byte-order mark (EF BB BF) at the start of TEXT, LEN bytes
 * long: 3, or 0 when there is none. Every reader skips it before anything else, so
 * that it is neither a stray character nor counted in the columns of line 1. */
gsize rf_input_bom_length (const char *text, gsize len);

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
