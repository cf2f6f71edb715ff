/* rf-c: the C front end, first stage: preprocessed C11 + GNU C read into a located AST.
 *
 * Each file is run through the system preprocessor (rf-cpp) and parsed by a
 * reentrant flex scanner and a pure bison parser, with typedef names fed back from
 * the parser's scoped symbol table. Every node carries the RfLoc of the user's
 * original source. The tree itself is private to the C front end (c-ast.h); this
 * header only reads, frees and dumps it. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-cpp.h"

G_BEGIN_DECLS

/* Options: include dirs (-I), defines (-D), undefs (-U), std (-std=). */
typedef RfCppOptions RfCOptions;

/* RfCUnit: the translation units of one run, one per file, in argument order. All
 * nodes live in one arena freed by rf_c_unit_free. */
typedef struct _RfCUnit RfCUnit;

/* Preprocesses and parses FILES (NULL-terminated; OPTS may be NULL). Every problem
 * goes to DIAGS (with the original source text registered for carets). Returns the
 * unit, or NULL with *error set (RF_INPUT_ERROR_IO, or RF_INPUT_ERROR_SYNTAX with the
 * number of errors) when any file could not be read or any error was reported. */
RfCUnit *rf_c_parse_files (const char *const *files, const RfCOptions *opts,
                           RfDiags *diags, GError **error);

/* Parses TEXT, C already preprocessed (GCC line markers are followed, as in
 * preprocessor output), as the one translation unit FILE, without running the
 * preprocessor; TEXT is also FILE's source for carets. Returns the unit, or NULL with
 * *error set (RF_INPUT_ERROR_SYNTAX with the number of errors) when any error was
 * reported to DIAGS. */
RfCUnit *rf_c_parse_preprocessed (const char *file, const char *text, RfDiags *diags,
                                  GError **error);

void rf_c_unit_free (RfCUnit *unit);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfCUnit, rf_c_unit_free)

/* Number of translation units. */
guint rf_c_unit_n_files (const RfCUnit *unit);

/* TRUE when LOC lies in a system header (line marker flag 3) of UNIT. */
gboolean rf_c_unit_loc_is_system (const RfCUnit *unit, RfLoc loc);

/* An indented tree of every external declaration (functions with their statements
 * and expressions, globals, typedefs, tags) with locations; with USER_ONLY, those
 * from system headers are left out. Owned. */
char *rf_c_unit_dump (const RfCUnit *unit, gboolean user_only);

G_END_DECLS
