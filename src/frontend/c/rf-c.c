/* rf-c: the C front end's first stage: the entry point, the arena, the scanner's
 * hooks and the symbol table (the tree's builders: rf-c-build.c; its dump: rf-c-dump.c).
 *
 * Each file goes through the system preprocessor (rf-cpp), then the scanner
 * (grammar/c.l) and parser (grammar/c.y), which call the builders below. Nodes come
 * from the unit's arena. The symbol table is a stack of scopes mapping names to their
 * declarations; the scanner asks it whether an identifier is a typedef name, and
 * identifiers in expressions are resolved through it as they are reduced.
 *
 * Locations: line markers give the file and line; the column of each token is found
 * by searching its spelling in the original line from just after the previous token
 * of that line (tokens from macro expansions, which are not there, get the column
 * of the next token in the original line: the macro's name, usually). */
#include "rf-c.h"
#include "c-ast.h"
#include "c-parser.h"

#define YYSTYPE C_STYPE
#define YYLTYPE C_LTYPE
#include "c-lexer.h"

#include <string.h>

gpointer
c_node_alloc (CParser *ctx, gsize size)
{
  gpointer p = g_malloc0 (size);
  g_ptr_array_add (ctx->arena->nodes, p);
  return p;
}

GPtrArray *
c_list (CParser *ctx)
{
  GPtrArray *list = g_ptr_array_new ();
  g_ptr_array_add (ctx->arena->lists, list);
  return list;
}

GPtrArray *
c_list_add (CParser *ctx, GPtrArray *list, gpointer item)
{
  if (!list)
    list = c_list (ctx);
  g_ptr_array_add (list, item);
  return list;
}

const char *
c_str (CParser *ctx, const char *s, gssize len)
{
  if (!s)
    return NULL;
  if (len < 0)
    return g_string_chunk_insert_const (ctx->arena->strings, s);
  g_autofree char *copy = g_strndup (s, len);
  return g_string_chunk_insert_const (ctx->arena->strings, copy);
}

const char *
c_strcat (CParser *ctx, const char *a, const char *b, const char *c)
{
  g_autofree char *s = g_strconcat (a, b, c, NULL);
  return c_str (ctx, s, -1);
}

void
c_report (CParser *ctx, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  rf_diags_addv (ctx->diags, RF_DIAG_ERROR, loc, fmt, ap);
  va_end (ap);
  ctx->n_errors++;
}

static void
source_free (CSource *src)
{
  if (!src)
    return;
  g_free (src->text);
  g_array_unref (src->starts);
  g_free (src);
}

/* Drops a leading UTF-8 byte-order mark from TEXT, in place: the preprocessor skips
 * it, so columns of line 1 are counted without it. */
static void
strip_bom (char *text)
{
  gsize bom = rf_input_bom_length (text, strlen (text));
  if (bom)
    memmove (text, text + bom, strlen (text + bom) + 1);
}

static CSource *
source_new (char *text)
{
  CSource *src = g_new0 (CSource, 1);
  src->text = text;
  src->starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize zero = 0;
  g_array_append_val (src->starts, zero);
  for (gsize i = 0; text[i]; i++)
    if (text[i] == '\n')
      {
        gsize next = i + 1;
        g_array_append_val (src->starts, next);
      }
  return src;
}

/* The original text of a user file (read once; NULL for system headers, names such
 * as <built-in>, and what is not a regular file: a line marker may name /dev/zero),
 * registered with the diagnostics for carets. */
static CSource *
source_get (CParser *ctx, const char *file)
{
  gpointer value;
  if (g_hash_table_lookup_extended (ctx->sources, file, NULL, &value))
    return value;
  char *text = NULL;
  CSource *src = NULL;
  if (!c_file_is_system (ctx->unit, file) && file[0] != '<' && g_file_test (file, G_FILE_TEST_IS_REGULAR)
      && g_file_get_contents (file, &text, NULL, NULL))
    {
      strip_bom (text);
      rf_diags_set_source (ctx->diags, file, text);
      src = source_new (text);
    }
  g_hash_table_insert (ctx->sources, (gpointer) file, src);
  return src;
}

void
c_lex_advance (CParser *ctx, const char *text, gsize len)
{
  rf_loc_advance (&ctx->line, &ctx->pcol, text, len);
}

/* `# N "file" flags`: the next line is line N of file. Other directives are skipped. */
void
c_lex_directive (CParser *ctx, const char *text, gsize len)
{
  guint line, flags;
  const char *file = ctx->file;
  if (!rf_cpp_parse_line_marker (text, len, &line, &file, &flags))
    return;
  ctx->file = file;
  ctx->line = line > 0 ? line - 1 : 0;  /* the newline after the marker counts */
  ctx->system = (flags & RF_CPP_SYSTEM) != 0;
  g_hash_table_add (ctx->system ? ctx->unit->system_files : ctx->unit->user_files, (gpointer) file);
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$';
}

RfLoc
c_lex_locate (CParser *ctx, const char *text, gsize len, guint pcol, gboolean word)
{
  RfLoc loc = { ctx->file, ctx->line, pcol };
  /* a system header's macro expanded in a user file is marked as system code, but
   * located in the user's line all the same */
  if (c_file_is_system (ctx->unit, ctx->file))
    return loc;
  CSource *src = source_get (ctx, ctx->file);
  if (!src || ctx->line == 0 || ctx->line > src->starts->len)
    return loc;
  if (ctx->cur_file != ctx->file || ctx->cur_line != ctx->line)
    {
      ctx->cur_file = ctx->file;
      ctx->cur_line = ctx->line;
      ctx->cursor = 0;
    }
  const char *line = src->text + g_array_index (src->starts, gsize, ctx->line - 1);
  const char *nl = strchr (line, '\n');
  gsize line_len = nl ? (gsize) (nl - line) : strlen (line);
  for (gsize p = ctx->cursor; p + len <= line_len; p++)
    {
      if (memcmp (line + p, text, len) != 0)
        continue;
      if (word && ((p > 0 && is_word_char (line[p - 1]))
                   || (p + len < line_len && is_word_char (line[p + len]))))
        continue;
      loc.col = (guint) p + 1;
      ctx->cursor = p + len;
      return loc;
    }
  /* Not there: a macro expansion; point at what stands at the search position. */
  gsize p = ctx->cursor;
  while (p < line_len && g_ascii_isspace (line[p]))
    p++;
  loc.col = (guint) p + 1;
  return loc;
}

static void
scope_free (CScope *s)
{
  g_hash_table_unref (s->names);
  g_hash_table_unref (s->tags);
  g_free (s);
}

static CScope *
scope_new (void)
{
  CScope *s = g_new (CScope, 1);
  s->names = g_hash_table_new (g_str_hash, g_str_equal);
  s->tags = g_hash_table_new (g_str_hash, g_str_equal);
  return s;
}

CScope *
c_scope_top (CParser *ctx)
{
  return g_ptr_array_index (ctx->scopes, ctx->scopes->len - 1);
}

CDecl *
c_lookup (CParser *ctx, const char *name)
{
  for (guint i = ctx->scopes->len; i-- > 0;)
    {
      CScope *s = g_ptr_array_index (ctx->scopes, i);
      CDecl *d = g_hash_table_lookup (s->names, name);
      if (d)
        return d;
    }
  return NULL;
}

gboolean
c_lex_attr_ignorable (const char *text)
{
  /* calling conventions: nothing the model follows, and GCC accepts them where the
   * grammar does not (inside a parenthesised declarator: `void (__attribute__
   * ((regparm (1))) f) (...)`, as old glibc headers write) */
  static const char *const names[] = { "regparm", "stdcall", "cdecl", "fastcall", "thiscall", "ms_abi",
                                       "sysv_abi" };
  gboolean any = FALSE;
  for (const char *p = strstr (text, "(("); p && *p;)
    {
      if (!g_ascii_isalpha (*p) && *p != '_')
        {
          p++;
          continue;
        }
      const char *b = p;
      while (g_ascii_isalnum (*p) || *p == '_')
        p++;
      g_autofree char *w = g_strndup (b, (gsize) (p - b));
      const char *core = w;
      while (*core == '_')
        core++;
      gsize n = strlen (core);
      while (n > 0 && core[n - 1] == '_')
        n--;
      gboolean known = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (names) && !known; i++)
        known = strlen (names[i]) == n && strncmp (core, names[i], n) == 0;
      if (!known)
        return FALSE;
      any = TRUE;
    }
  return any;
}

gboolean
c_lex_is_typedef (CParser *ctx, const char *name)
{
  CDecl *d = c_lookup (ctx, name);
  return d && d->kind == C_DECL_TYPEDEF;
}

void
c_bind (CParser *ctx, CDecl *d)
{
  if (d->name)
    g_hash_table_insert (c_scope_top (ctx)->names, (gpointer) d->name, d);
}

/* Opens a block scope; a function body's parameters enter it. Returns the depth to
 * pop back to. */
guint
c_scope_push (CParser *ctx)
{
  guint depth = ctx->scopes->len;
  g_ptr_array_add (ctx->scopes, scope_new ());
  if (ctx->pending_params)
    {
      for (guint i = 0; i < ctx->pending_params->len; i++)
        c_bind (ctx, g_ptr_array_index (ctx->pending_params, i));
      ctx->pending_params = NULL;
    }
  return depth;
}

void
c_scope_pop_to (CParser *ctx, guint depth)
{
  if (depth < 1)
    depth = 1;
  if (ctx->scopes->len > depth)
    g_ptr_array_set_size (ctx->scopes, depth);
}

static void
arena_clear (CArena *a)
{
  g_ptr_array_unref (a->nodes);
  g_ptr_array_unref (a->lists);
  g_string_chunk_free (a->strings);
}

void
rf_c_unit_free (RfCUnit *unit)
{
  if (!unit)
    return;
  arena_clear (&unit->arena);
  g_ptr_array_unref (unit->files);
  g_hash_table_unref (unit->system_files);
  g_hash_table_unref (unit->user_files);
  g_free (unit);
}

static RfCUnit *
unit_new (void)
{
  RfCUnit *unit = g_new0 (RfCUnit, 1);
  unit->arena.nodes = g_ptr_array_new_with_free_func (g_free);
  unit->arena.lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  unit->arena.strings = g_string_chunk_new (4096);
  unit->files = g_ptr_array_new ();
  unit->system_files = g_hash_table_new (g_direct_hash, g_direct_equal);
  unit->user_files = g_hash_table_new (g_direct_hash, g_direct_equal);
  return unit;
}

/* GCC's predefined typedef names. */
static void
declare_builtins (CParser *ctx)
{
  static const struct { const char *name; CBasic basic; } builtins[] = {
    { "__int128_t", C_BASIC_INT128 },
    { "__uint128_t", C_BASIC_UINT128 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (builtins); i++)
    {
      CDecl *d = c_decl_new (ctx, C_DECL_TYPEDEF, c_str (ctx, builtins[i].name, -1), RF_LOC_NONE);
      d->type = c_basic (ctx, builtins[i].basic, NULL);
      d->hole = NULL;
      d->storage = C_STORAGE_TYPEDEF;
      d->in_system = TRUE;
      c_bind (ctx, d);
    }
}

/* Parses the preprocessed text PP of FILE (whose original text is TEXT, owned). */
static void
parse_one (RfCUnit *unit, const char *file, const char *pp, char *text, RfDiags *diags)
{
  CParser ctx = {
    .unit = unit,
    .arena = &unit->arena,
    .diags = diags,
    .file = file,
    .line = 1,
    .pcol = 1,
    .last_end = { file, 1, 1 },
    .prev_end = { file, 1, 1 },
    .sources = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) source_free),
    .attr = g_string_new (NULL),
    .braces = g_array_new (FALSE, FALSE, sizeof (RfLoc)),
    .scopes = g_ptr_array_new_with_free_func ((GDestroyNotify) scope_free),
  };
  ctx.tu = c_new (&ctx, CFile);
  ctx.tu->file = file;
  ctx.tu->items = c_list (&ctx);
  g_ptr_array_add (unit->files, ctx.tu);
  g_hash_table_insert (ctx.sources, (gpointer) file, source_new (text));
  g_hash_table_add (unit->user_files, (gpointer) file);
  g_ptr_array_add (ctx.scopes, scope_new ());
  declare_builtins (&ctx);

  yyscan_t scanner;
  if (c_lex_init_extra (&ctx, &scanner) != 0)
    g_error ("rf-c: cannot initialise the scanner");
  YY_BUFFER_STATE buf = c__scan_string (pp, scanner);
  int status = c_parse (scanner, &ctx);
  c__delete_buffer (buf, scanner);
  c_lex_destroy (scanner);
  if (status != 0 && ctx.n_errors == 0)
    c_report (&ctx, ctx.last_end, "syntax error");

  g_hash_table_unref (ctx.sources);
  g_string_free (ctx.attr, TRUE);
  g_array_unref (ctx.braces);
  g_ptr_array_unref (ctx.scopes);
}

RfCUnit *
rf_c_parse_files (const char *const *files, const RfCOptions *opts, RfDiags *diags, GError **error)
{
  g_return_val_if_fail (files != NULL, NULL);
  g_return_val_if_fail (diags != NULL, NULL);
  g_autoptr (RfCUnit) unit = unit_new ();
  guint errors_before = rf_diags_n_errors (diags);
  for (guint i = 0; files[i]; i++)
    {
      const char *file = g_intern_string (files[i]);
      GString *read = rf_input_read_file (file, NULL, error);
      if (!read)
        return NULL;
      char *text = g_string_free (read, FALSE);
      strip_bom (text);
      rf_diags_set_source (diags, file, text);
      g_autoptr (GError) cpp_error = NULL;
      g_autofree char *pp = rf_cpp_run (file, opts, diags, &cpp_error);
      if (!pp)
        {
          g_free (text);
          if (g_error_matches (cpp_error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO))
            {
              g_propagate_error (error, g_steal_pointer (&cpp_error));
              return NULL;
            }
          continue;
        }
      parse_one (unit, file, pp, text, diags);
    }
  guint n = rf_diags_n_errors (diags) - errors_before;
  if (n > 0)
    {
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_SYNTAX, "%u error%s", n, n == 1 ? "" : "s");
      return NULL;
    }
  return g_steal_pointer (&unit);
}

RfCUnit *
rf_c_parse_preprocessed (const char *file, const char *text, RfDiags *diags, GError **error)
{
  g_return_val_if_fail (file != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (diags != NULL, NULL);
  g_autoptr (RfCUnit) unit = unit_new ();
  guint errors_before = rf_diags_n_errors (diags);
  file = g_intern_string (file);
  rf_diags_set_source (diags, file, text);
  parse_one (unit, file, text, g_strdup (text), diags);
  guint n = rf_diags_n_errors (diags) - errors_before;
  if (n > 0)
    {
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_SYNTAX, "%u error%s", n, n == 1 ? "" : "s");
      return NULL;
    }
  return g_steal_pointer (&unit);
}

guint
rf_c_unit_n_files (const RfCUnit *unit)
{
  return unit->files->len;
}

gboolean
c_file_is_system (const RfCUnit *unit, const char *file)
{
  return file && g_hash_table_contains (unit->system_files, file)
         && !g_hash_table_contains (unit->user_files, file);
}

gboolean
rf_c_unit_loc_is_system (const RfCUnit *unit, RfLoc loc)
{
  return c_file_is_system (unit, loc.file);
}
