/* rf-cpp: runs the system C preprocessor (gcc -E, else cpp) and maps its line markers.
 *
 * The preprocessor is spawned without a shell, with an argv built from the options.
 * Its own diagnostics (already file:line:col formatted) become RfDiags entries; the
 * output keeps GCC line markers (`# 12 "file.c" 1 3 4`), which the C scanner reads
 * through rf_cpp_parse_line_marker so every token maps back to the user's file. */
#pragma once

#include <glib.h>
#include "rf-diag.h"

G_BEGIN_DECLS

/* RfCppOptions: how to preprocess. Every array is NULL-terminated (or NULL); strings
 * are borrowed. defines are `NAME` or `NAME=VALUE`; std is e.g. "gnu11" (NULL: the
 * compiler's default); program overrides the preprocessor (NULL: gcc, else cpp). */
typedef struct {
  const char *const *include_dirs;
  const char *const *defines;
  const char *const *undefs;
  const char *std;
  const char *program;
} RfCppOptions;

/* Preprocesses FILE. Returns the preprocessed text (owned), or NULL with *error set:
 * RF_INPUT_ERROR_IO when no preprocessor could be run, RF_INPUT_ERROR_SYNTAX when it
 * reported errors (they are in DIAGS). Warnings go to DIAGS either way. */
char *rf_cpp_run (const char *file, const RfCppOptions *opts, RfDiags *diags, GError **error);

/* Flags of a line marker. */
typedef enum {
  RF_CPP_ENTER = 1 << 0,   /* 1: entering an included file */
  RF_CPP_RETURN = 1 << 1,  /* 2: returning to a file */
  RF_CPP_SYSTEM = 1 << 2,  /* 3: the text comes from a system header */
  RF_CPP_EXTERN_C = 1 << 3,/* 4: implicitly extern "C" */
} RfCppMarkerFlags;

/* Parses one directive line of preprocessor output (`# N "file" flags...` or
 * `#line N "file"`, without the newline). On success sets *line (the line number of
 * the next line), *file (interned; unchanged when the marker names none) and *flags,
 * and returns TRUE; returns FALSE for any other directive (#pragma, #ident). */
gboolean rf_cpp_parse_line_marker (const char *text, gsize len, guint *line,
                                   const char **file, guint *flags);

G_END_DECLS
