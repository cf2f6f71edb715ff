/* rf-c: the C front end's first stage: located syntax tree builders, symbol table,
 * entry point and dumper.
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

/* ---- arena ---- */

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

/* ---- scanner hooks ---- */

static void
source_free (CSource *src)
{
  if (!src)
    return;
  g_free (src->text);
  g_array_unref (src->starts);
  g_free (src);
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

/* The original text of a user file (read once; NULL for system headers and names
 * such as <built-in>), registered with the diagnostics for carets. */
static CSource *
source_get (CParser *ctx, const char *file)
{
  gpointer value;
  if (g_hash_table_lookup_extended (ctx->sources, file, NULL, &value))
    return value;
  char *text = NULL;
  CSource *src = NULL;
  if (!c_file_is_system (ctx->unit, file) && file[0] != '<' && g_file_get_contents (file, &text, NULL, NULL))
    {
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

/* ---- scopes ---- */

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

static CScope *
scope_top (CParser *ctx)
{
  return g_ptr_array_index (ctx->scopes, ctx->scopes->len - 1);
}

static CDecl *
lookup (CParser *ctx, const char *name)
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
c_lex_is_typedef (CParser *ctx, const char *name)
{
  CDecl *d = lookup (ctx, name);
  return d && d->kind == C_DECL_TYPEDEF;
}

static void
bind (CParser *ctx, CDecl *d)
{
  if (d->name)
    g_hash_table_insert (scope_top (ctx)->names, (gpointer) d->name, d);
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
        bind (ctx, g_ptr_array_index (ctx->pending_params, i));
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

/* ---- specifiers and types ---- */

CSpec *
c_spec_new (CParser *ctx, RfLoc loc)
{
  CSpec *s = c_new (ctx, CSpec);
  s->loc = loc;
  return s;
}

CSpec *
c_spec_storage (CParser *ctx, CSpec *s, CStorage st, RfLoc loc)
{
  if (s->storage != C_STORAGE_NONE && s->storage != st)
    c_report (ctx, loc, "multiple storage classes in declaration specifiers");
  s->storage = st;
  return s;
}

CSpec *
c_spec_qual (CParser *ctx, CSpec *s, guint qual)
{
  s->quals |= qual;
  return s;
}

CSpec *
c_spec_keyword (CParser *ctx, CSpec *s, int token, const char *text, RfLoc loc)
{
  switch (token)
    {
    case CT_VOID: s->n_void++; break;
    case CT_BOOL: s->n_bool++; break;
    case CT_CHAR: s->n_char++; break;
    case CT_SHORT: s->n_short++; break;
    case CT_INT: s->n_int++; break;
    case CT_LONG: s->n_long++; break;
    case CT_FLOAT: s->n_float++; break;
    case CT_DOUBLE: s->n_double++; break;
    case CT_SIGNED: s->n_signed++; break;
    case CT_UNSIGNED: s->n_unsigned++; break;
    case CT_COMPLEX: s->n_complex++; break;
    case CT_INT128: s->n_int128++; break;
    case CT_FLOATN: s->builtin = text; s->builtin_basic = C_BASIC_FLOATN; break;
    case CT_VA_LIST: s->builtin = text; s->builtin_basic = C_BASIC_VA_LIST; break;
    default: g_assert_not_reached ();
    }
  return s;
}

CSpec *
c_spec_type (CParser *ctx, CSpec *s, CType *t)
{
  s->type = t;
  return s;
}

CSpec *
c_spec_attr (CParser *ctx, CSpec *s, const char *text)
{
  s->attrs = c_list_add (ctx, s->attrs, (gpointer) text);
  return s;
}

CSpec *
c_spec_align (CParser *ctx, CSpec *s, CExpr *e, CType *t)
{
  s->align = e;
  s->align_type = t;
  return s;
}

CSpec *
c_spec_merge (CParser *ctx, CSpec *into, CSpec *from)
{
  if (from->storage != C_STORAGE_NONE)
    c_spec_storage (ctx, into, from->storage, from->loc);
  into->thread_local |= from->thread_local;
  into->is_inline |= from->is_inline;
  into->is_noreturn |= from->is_noreturn;
  into->quals |= from->quals;
  if (from->type)
    into->type = from->type;
  into->n_void += from->n_void;
  into->n_bool += from->n_bool;
  into->n_char += from->n_char;
  into->n_short += from->n_short;
  into->n_int += from->n_int;
  into->n_long += from->n_long;
  into->n_float += from->n_float;
  into->n_double += from->n_double;
  into->n_signed += from->n_signed;
  into->n_unsigned += from->n_unsigned;
  into->n_complex += from->n_complex;
  into->n_int128 += from->n_int128;
  if (from->builtin)
    {
      into->builtin = from->builtin;
      into->builtin_basic = from->builtin_basic;
    }
  if (from->align || from->align_type)
    {
      into->align = from->align;
      into->align_type = from->align_type;
    }
  if (from->attrs)
    for (guint i = 0; i < from->attrs->len; i++)
      into->attrs = c_list_add (ctx, into->attrs, g_ptr_array_index (from->attrs, i));
  return into;
}

CType *
c_type_new (CParser *ctx, CTypeKind kind)
{
  CType *t = c_new (ctx, CType);
  t->kind = kind;
  return t;
}

static const char *const basic_names[] = {
  [C_BASIC_BOOL] = "_Bool", [C_BASIC_CHAR] = "char", [C_BASIC_SCHAR] = "signed char",
  [C_BASIC_UCHAR] = "unsigned char", [C_BASIC_SHORT] = "short", [C_BASIC_USHORT] = "unsigned short",
  [C_BASIC_INT] = "int", [C_BASIC_UINT] = "unsigned int", [C_BASIC_LONG] = "long",
  [C_BASIC_ULONG] = "unsigned long", [C_BASIC_LLONG] = "long long",
  [C_BASIC_ULLONG] = "unsigned long long", [C_BASIC_INT128] = "__int128",
  [C_BASIC_UINT128] = "unsigned __int128", [C_BASIC_FLOAT] = "float", [C_BASIC_DOUBLE] = "double",
  [C_BASIC_LDOUBLE] = "long double", [C_BASIC_FLOATN] = "_FloatN", [C_BASIC_VA_LIST] = "__builtin_va_list",
};

static CType *
basic (CParser *ctx, CBasic b, const char *name)
{
  CType *t = c_type_new (ctx, C_TYPE_BASIC);
  t->basic = b;
  t->name = name ? name : basic_names[b];
  return t;
}

/* The type the specifiers name, qualified. The specifier counts are not checked
 * beyond what picks the type (`long long long` is long long). */
CType *
c_spec_to_type (CParser *ctx, CSpec *s)
{
  CType *t;
  gboolean u = s->n_unsigned > 0;
  if (s->type)
    {
      t = s->type;
      if (s->quals)
        {
          CType *copy = c_new (ctx, CType);
          *copy = *t;
          t = copy;
        }
    }
  else if (s->n_void)
    t = c_type_new (ctx, C_TYPE_VOID);
  else if (s->builtin)
    t = basic (ctx, s->builtin_basic, s->builtin);
  else if (s->n_bool)
    t = basic (ctx, C_BASIC_BOOL, NULL);
  else if (s->n_char)
    t = basic (ctx, u ? C_BASIC_UCHAR : s->n_signed ? C_BASIC_SCHAR : C_BASIC_CHAR, NULL);
  else if (s->n_short)
    t = basic (ctx, u ? C_BASIC_USHORT : C_BASIC_SHORT, NULL);
  else if (s->n_int128)
    t = basic (ctx, u ? C_BASIC_UINT128 : C_BASIC_INT128, NULL);
  else if (s->n_float)
    t = basic (ctx, C_BASIC_FLOAT, NULL);
  else if (s->n_double)
    t = basic (ctx, s->n_long ? C_BASIC_LDOUBLE : C_BASIC_DOUBLE, NULL);
  else if (s->n_long >= 2)
    t = basic (ctx, u ? C_BASIC_ULLONG : C_BASIC_LLONG, NULL);
  else if (s->n_long == 1)
    t = basic (ctx, u ? C_BASIC_ULONG : C_BASIC_LONG, NULL);
  else if (s->n_complex && !s->n_int && !s->n_signed && !u)
    t = basic (ctx, C_BASIC_DOUBLE, NULL);
  else
    t = basic (ctx, u ? C_BASIC_UINT : C_BASIC_INT, NULL);
  if (t->kind == C_TYPE_BASIC && s->n_complex)
    t->complex = TRUE;
  t->quals |= s->quals;
  return t;
}

CType *
c_type_typedef (CParser *ctx, const char *name, RfLoc loc)
{
  CType *t = c_type_new (ctx, C_TYPE_TYPEDEF);
  t->tdef = lookup (ctx, name);
  t->name = name;
  return t;
}

CType *
c_type_typeof (CParser *ctx, CExpr *e, CType *t)
{
  CType *r = c_type_new (ctx, C_TYPE_TYPEOF);
  r->expr = e;
  r->base = t;
  return r;
}

CType *
c_type_atomic (CParser *ctx, CType *t)
{
  CType *r = c_new (ctx, CType);
  *r = *t;
  r->quals |= C_QUAL_ATOMIC;
  return r;
}

static const char *
tag_kind_name (CTypeKind kind)
{
  return kind == C_TYPE_STRUCT ? "struct" : kind == C_TYPE_UNION ? "union" : "enum";
}

CTag *
c_tag_ref (CParser *ctx, CTypeKind kind, const char *name, RfLoc loc, gboolean defining)
{
  if (name)
    {
      guint lowest = defining ? ctx->scopes->len - 1 : 0;
      for (guint i = ctx->scopes->len; i-- > lowest;)
        {
          CScope *s = g_ptr_array_index (ctx->scopes, i);
          CTag *tag = g_hash_table_lookup (s->tags, name);
          if (!tag)
            continue;
          if (tag->kind != kind)
            c_report (ctx, loc, "'%s' defined as wrong kind of tag", name);
          else if (!(defining && tag->complete))
            return tag;
          break;
        }
    }
  CTag *tag = c_new (ctx, CTag);
  tag->kind = kind;
  tag->name = name;
  tag->loc = loc;
  tag->in_system = c_file_is_system (ctx->unit, loc.file ? loc.file : ctx->file);
  if (name)
    g_hash_table_insert (scope_top (ctx)->tags, (gpointer) name, tag);
  return tag;
}

CType *
c_tag_type (CParser *ctx, CTag *tag)
{
  CType *t = c_type_new (ctx, tag->kind);
  t->tag = tag;
  return t;
}

CTag *
c_tag_define (CParser *ctx, CTag *tag, GPtrArray *members, RfLoc loc)
{
  if (tag->complete)
    c_report (ctx, loc, "redefinition of '%s %s'", tag_kind_name (tag->kind), tag->name);
  tag->complete = TRUE;
  tag->def_loc = loc;
  if (tag->kind == C_TYPE_ENUM)
    tag->enumerators = members;
  else
    tag->members = members;
  return tag;
}

CTag *
c_tag_attrs (CParser *ctx, CTag *tag, GPtrArray *attrs)
{
  if (attrs)
    for (guint i = 0; i < attrs->len; i++)
      tag->attrs = c_list_add (ctx, tag->attrs, g_ptr_array_index (attrs, i));
  return tag;
}

/* ---- declarators ---- */

static CDecl *
decl_new (CParser *ctx, CDeclKind kind, const char *name, RfLoc loc)
{
  CDecl *d = c_new (ctx, CDecl);
  d->kind = kind;
  d->name = name;
  d->loc = loc;
  d->hole = &d->type;
  d->file_scope = ctx->scopes->len == 1;
  d->in_system = c_file_is_system (ctx->unit, loc.file ? loc.file : ctx->file);
  return d;
}

CDecl *
c_declarator_name (CParser *ctx, const char *name, RfLoc loc)
{
  return decl_new (ctx, C_DECL_VAR, name, loc);
}

/* Fills D's hole with T, whose own hole (base) becomes D's. */
static CDecl *
derive (CDecl *d, CType *t)
{
  *d->hole = t;
  d->hole = &t->base;
  return d;
}

CDecl *
c_declarator_pointer (CParser *ctx, CSpec *quals, CDecl *inner)
{
  CType *p = c_type_new (ctx, C_TYPE_POINTER);
  p->quals = quals ? quals->quals : 0;
  CDecl *d = inner ? inner : decl_new (ctx, C_DECL_VAR, NULL, RF_LOC_NONE);
  return derive (d, p);
}

CDecl *
c_declarator_wrap (CParser *ctx, CDecl *d, CDecl *ptr)
{
  *d->hole = ptr->type;
  d->hole = ptr->hole;
  return d;
}

CType *
c_type_array (CParser *ctx, CSpec *quals, CExpr *size, gboolean is_static)
{
  CType *t = c_type_new (ctx, C_TYPE_ARRAY);
  t->quals = quals ? quals->quals : 0;
  t->expr = size;
  t->is_static = is_static;
  return t;
}

CType *
c_type_function (CParser *ctx, GPtrArray *params, gboolean variadic, gboolean prototype)
{
  CType *t = c_type_new (ctx, C_TYPE_FUNCTION);
  /* (void): no parameters. */
  if (params && params->len == 1)
    {
      CDecl *p = g_ptr_array_index (params, 0);
      if (!p->name && p->type && p->type->kind == C_TYPE_VOID && !p->type->quals)
        params = NULL;
    }
  t->params = params ? params : c_list (ctx);
  t->variadic = variadic;
  t->prototype = prototype;
  return t;
}

CDecl *
c_declarator_array (CParser *ctx, CDecl *d, CType *array)
{
  return derive (d, array);
}

CDecl *
c_declarator_function (CParser *ctx, CDecl *d, CType *fn)
{
  /* The parameters of a function definition are those of the first suffix. */
  if (!d->type && !d->params)
    d->params = fn->params;
  return derive (d, fn);
}

CDecl *
c_declarator_suffix (CParser *ctx, CDecl *d, CDecl *suffix)
{
  if (!suffix)
    return d;
  if (suffix->attrs)
    for (guint i = 0; i < suffix->attrs->len; i++)
      d->attrs = c_list_add (ctx, d->attrs, g_ptr_array_index (suffix->attrs, i));
  if (suffix->asm_label)
    d->asm_label = suffix->asm_label;
  return d;
}

/* An init-declarator's name is in scope from here on. */
CDecl *
c_declare (CParser *ctx, CDecl *d)
{
  d->kind = ctx->typedef_pending ? C_DECL_TYPEDEF : C_DECL_VAR;
  bind (ctx, d);
  return d;
}

static void
apply_spec (CParser *ctx, CDecl *d, CSpec *s, CType *base)
{
  if (d->hole)
    *d->hole = base;
  d->hole = NULL;
  d->storage = s->storage;
  d->thread_local = s->thread_local;
  d->is_inline = s->is_inline;
  d->is_noreturn = s->is_noreturn;
  d->align = s->align;
  d->align_type = s->align_type;
  if (s->attrs)
    for (guint i = 0; i < s->attrs->len; i++)
      d->attrs = c_list_add (ctx, d->attrs, g_ptr_array_index (s->attrs, i));
}

GPtrArray *
c_declaration (CParser *ctx, CSpec *s, GPtrArray *decls, RfLoc loc)
{
  ctx->typedef_pending = FALSE;
  CType *base = c_spec_to_type (ctx, s);
  if (!decls)
    {
      CDecl *d = decl_new (ctx, C_DECL_TAG, NULL, loc);
      apply_spec (ctx, d, s, base);
      return c_list_add (ctx, NULL, d);
    }
  for (guint i = 0; i < decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (decls, i);
      apply_spec (ctx, d, s, base);
      if (s->storage == C_STORAGE_TYPEDEF)
        d->kind = C_DECL_TYPEDEF;
      else if (d->type->kind == C_TYPE_FUNCTION)
        d->kind = C_DECL_FUNC;
      else
        d->kind = C_DECL_VAR;
    }
  return decls;
}

CDecl *
c_param (CParser *ctx, CSpec *s, CDecl *d, RfLoc loc)
{
  if (!d)
    d = decl_new (ctx, C_DECL_PARAM, NULL, loc);
  if (!d->name)
    d->loc = loc;
  apply_spec (ctx, d, s, c_spec_to_type (ctx, s));
  d->kind = C_DECL_PARAM;
  d->file_scope = FALSE;
  return d;
}

CType *
c_type_name (CParser *ctx, CSpec *s, CDecl *d)
{
  CType *base = c_spec_to_type (ctx, s);
  if (!d)
    return base;
  *d->hole = base;
  d->hole = NULL;
  return d->type;
}

GPtrArray *
c_members (CParser *ctx, CSpec *s, GPtrArray *decls, RfLoc loc)
{
  CType *base = c_spec_to_type (ctx, s);
  if (!decls)
    decls = c_list_add (ctx, NULL, c_member (ctx, NULL, NULL, loc));
  for (guint i = 0; i < decls->len; i++)
    apply_spec (ctx, g_ptr_array_index (decls, i), s, base);
  return decls;
}

CDecl *
c_member (CParser *ctx, CDecl *d, CExpr *width, RfLoc loc)
{
  if (!d)
    d = decl_new (ctx, C_DECL_MEMBER, NULL, loc);
  d->kind = C_DECL_MEMBER;
  d->bit_width = width;
  d->file_scope = FALSE;
  return d;
}

CDecl *
c_enumerator (CParser *ctx, const char *name, RfLoc loc, GPtrArray *attrs, CExpr *value)
{
  CDecl *d = decl_new (ctx, C_DECL_ENUMERATOR, name, loc);
  d->hole = NULL;
  d->value = value;
  d->attrs = attrs;
  bind (ctx, d);
  return d;
}

CDecl *
c_static_assert (CParser *ctx, RfLoc loc, CExpr *cond, const char *msg)
{
  CDecl *d = decl_new (ctx, C_DECL_STATIC_ASSERT, NULL, loc);
  d->hole = NULL;
  d->value = cond;
  d->message = msg;
  return d;
}

CDecl *
c_fn_head (CParser *ctx, CSpec *s, CDecl *d)
{
  ctx->typedef_pending = FALSE;
  apply_spec (ctx, d, s, c_spec_to_type (ctx, s));
  d->kind = C_DECL_FUNC;
  if (d->type->kind != C_TYPE_FUNCTION)
    c_report (ctx, d->loc, "'%s' is not declared as a function", d->name);
  bind (ctx, d);
  ctx->pending_params = d->params;
  return d;
}

void
c_fn_body (CParser *ctx, CDecl *fn, CStmt *body)
{
  fn->body = body;
  g_ptr_array_add (ctx->tu->items, fn);
}

void
c_external (CParser *ctx, GPtrArray *decls)
{
  for (guint i = 0; i < decls->len; i++)
    g_ptr_array_add (ctx->tu->items, g_ptr_array_index (decls, i));
}

void
c_external_asm (CParser *ctx, RfLoc loc, const char *text)
{
  CDecl *d = decl_new (ctx, C_DECL_ASM, NULL, loc);
  d->hole = NULL;
  d->message = text;
  g_ptr_array_add (ctx->tu->items, d);
}

/* ---- initializers ---- */

CInit *
c_init_expr (CParser *ctx, CExpr *e)
{
  CInit *i = c_new (ctx, CInit);
  i->loc = e->loc;
  i->expr = e;
  return i;
}

CInit *
c_init_list (CParser *ctx, RfLoc loc, GPtrArray *items)
{
  CInit *i = c_new (ctx, CInit);
  i->loc = loc;
  i->items = items;
  return i;
}

GPtrArray *
c_init_item_add (CParser *ctx, GPtrArray *items, GPtrArray *desigs, CInit *init)
{
  CInitItem *it = c_new (ctx, CInitItem);
  it->designators = desigs;
  it->init = init;
  return c_list_add (ctx, items, it);
}

CDesignator *
c_designator (CParser *ctx, CDesigKind kind, RfLoc loc, const char *field, CExpr *a, CExpr *b)
{
  CDesignator *d = c_new (ctx, CDesignator);
  d->kind = kind;
  d->loc = loc;
  d->field = field;
  d->index = a;
  d->index_hi = b;
  return d;
}

/* ---- expressions ---- */

CExpr *
c_expr_new (CParser *ctx, CExprKind kind, RfLoc loc)
{
  CExpr *e = c_new (ctx, CExpr);
  e->kind = kind;
  e->loc = loc;
  return e;
}

CExpr *
c_expr_ident (CParser *ctx, const char *name, RfLoc loc)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_IDENT, loc);
  e->text = name;
  e->decl = lookup (ctx, name);
  return e;
}

CExpr *
c_expr_const (CParser *ctx, CExprKind kind, const char *text, RfLoc loc)
{
  CExpr *e = c_expr_new (ctx, kind, loc);
  e->text = text;
  return e;
}

CExpr *
c_expr_string_add (CParser *ctx, CExpr *s, const char *text)
{
  s->text = c_strcat (ctx, s->text, " ", text);
  return s;
}

CExpr *
c_expr_unary (CParser *ctx, COp op, RfLoc loc, CExpr *a)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_UNARY, loc);
  e->op = op;
  e->a = a;
  return e;
}

CExpr *
c_expr_binary (CParser *ctx, CExprKind kind, COp op, RfLoc loc, CExpr *a, CExpr *b)
{
  CExpr *e = c_expr_new (ctx, kind, loc);
  e->op = op;
  e->a = a;
  e->b = b;
  return e;
}

CExpr *
c_expr_cond (CParser *ctx, RfLoc loc, CExpr *a, CExpr *b, CExpr *c)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_COND, loc);
  e->a = a;
  e->b = b;
  e->c = c;
  return e;
}

CExpr *
c_expr_call (CParser *ctx, RfLoc loc, CExpr *fn, GPtrArray *args)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_CALL, loc);
  e->a = fn;
  e->args = args;
  return e;
}

CExpr *
c_expr_member (CParser *ctx, RfLoc loc, CExpr *a, const char *field, gboolean arrow)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_MEMBER, loc);
  e->a = a;
  e->text = field;
  e->arrow = arrow;
  return e;
}

CExpr *
c_expr_typed (CParser *ctx, CExprKind kind, RfLoc loc, CType *t, CType *t2, CExpr *a)
{
  CExpr *e = c_expr_new (ctx, kind, loc);
  e->type = t;
  e->type2 = t2;
  e->a = a;
  return e;
}

CExpr *
c_expr_compound_lit (CParser *ctx, RfLoc loc, CType *t, CInit *init)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_COMPOUND_LIT, loc);
  e->type = t;
  e->init = init;
  return e;
}

CExpr *
c_expr_stmt (CParser *ctx, RfLoc loc, CStmt *body)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_STMT_EXPR, loc);
  e->stmt = body;
  return e;
}

CExpr *
c_expr_generic (CParser *ctx, RfLoc loc, CExpr *a, GPtrArray *assocs)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_GENERIC, loc);
  e->a = a;
  e->args = assocs;
  return e;
}

GPtrArray *
c_generic_add (CParser *ctx, GPtrArray *list, CType *t, CExpr *e)
{
  CGenericAssoc *g = c_new (ctx, CGenericAssoc);
  g->type = t;
  g->expr = e;
  return c_list_add (ctx, list, g);
}

/* ---- statements ---- */

CStmt *
c_stmt_new (CParser *ctx, CStmtKind kind, RfLoc loc)
{
  CStmt *s = c_new (ctx, CStmt);
  s->kind = kind;
  s->loc = loc;
  return s;
}

CStmt *
c_stmt_compound (CParser *ctx, RfLoc loc, GPtrArray *items, RfLoc end)
{
  CStmt *s = c_stmt_new (ctx, C_STMT_COMPOUND, loc);
  s->items = items;
  s->end = end;
  return s;
}

CStmt *
c_stmt_decl (CParser *ctx, RfLoc loc, GPtrArray *decls)
{
  CStmt *s = c_stmt_new (ctx, C_STMT_DECL, loc);
  s->items = decls;
  return s;
}

CStmt *
c_stmt_expr (CParser *ctx, RfLoc loc, CExpr *e)
{
  CStmt *s = c_stmt_new (ctx, C_STMT_EXPR, loc);
  s->expr = e;
  return s;
}

CStmt *
c_stmt_make (CParser *ctx, CStmtKind kind, RfLoc loc, CExpr *e, CExpr *e2, CStmt *body, CStmt *else_body)
{
  CStmt *s = c_stmt_new (ctx, kind, loc);
  s->expr = e;
  s->expr2 = e2;
  s->body = body;
  s->else_body = else_body;
  return s;
}

CStmt *
c_stmt_for (CParser *ctx, RfLoc loc, CStmt *init, CExpr *cond, CExpr *step, CStmt *body)
{
  CStmt *s = c_stmt_make (ctx, C_STMT_FOR, loc, cond, step, body, NULL);
  s->init = init;
  return s;
}

CStmt *
c_stmt_label (CParser *ctx, RfLoc loc, const char *label, GPtrArray *attrs, CStmt *body)
{
  CStmt *s = c_stmt_new (ctx, C_STMT_LABEL, loc);
  s->label = label;
  s->attrs = attrs;
  s->body = body;
  return s;
}

CStmt *
c_stmt_goto (CParser *ctx, RfLoc loc, const char *label)
{
  CStmt *s = c_stmt_new (ctx, C_STMT_GOTO, loc);
  s->label = label;
  return s;
}

CStmt *
c_stmt_asm (CParser *ctx, RfLoc loc, CAsm *a)
{
  CStmt *s = c_stmt_new (ctx, C_STMT_ASM, loc);
  s->asm_ = a;
  return s;
}

CAsm *
c_asm_new (CParser *ctx, const char *templ)
{
  CAsm *a = c_new (ctx, CAsm);
  a->templ = templ;
  return a;
}

CAsmOperand *
c_asm_operand (CParser *ctx, const char *symbolic, const char *constraint, CExpr *e)
{
  CAsmOperand *o = c_new (ctx, CAsmOperand);
  o->symbolic = symbolic;
  o->constraint = constraint;
  o->expr = e;
  return o;
}

/* ---- entry point ---- */

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
      CDecl *d = decl_new (ctx, C_DECL_TYPEDEF, c_str (ctx, builtins[i].name, -1), RF_LOC_NONE);
      d->type = basic (ctx, builtins[i].basic, NULL);
      d->hole = NULL;
      d->storage = C_STORAGE_TYPEDEF;
      d->in_system = TRUE;
      bind (ctx, d);
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
      char *text = NULL;
      g_autoptr (GError) io = NULL;
      if (!g_file_get_contents (file, &text, NULL, &io))
        {
          g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO, "cannot read '%s': %s", file, io->message);
          return NULL;
        }
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

/* ---- dumper ---- */

const char *
c_op_name (COp op)
{
  static const char *const names[] = {
    [C_OP_NONE] = "", [C_OP_ADDR] = "&", [C_OP_DEREF] = "*", [C_OP_PLUS] = "+", [C_OP_NEG] = "-",
    [C_OP_BITNOT] = "~", [C_OP_NOT] = "!", [C_OP_PREINC] = "++ (prefix)", [C_OP_PREDEC] = "-- (prefix)",
    [C_OP_POSTINC] = "++ (postfix)", [C_OP_POSTDEC] = "-- (postfix)", [C_OP_REAL] = "__real__",
    [C_OP_IMAG] = "__imag__", [C_OP_EXTENSION] = "__extension__",
    [C_OP_MUL] = "*", [C_OP_DIV] = "/", [C_OP_MOD] = "%", [C_OP_ADD] = "+", [C_OP_SUB] = "-",
    [C_OP_SHL] = "<<", [C_OP_SHR] = ">>", [C_OP_LT] = "<", [C_OP_GT] = ">", [C_OP_LE] = "<=",
    [C_OP_GE] = ">=", [C_OP_EQ] = "==", [C_OP_NE] = "!=", [C_OP_BITAND] = "&", [C_OP_BITXOR] = "^",
    [C_OP_BITOR] = "|", [C_OP_AND] = "&&", [C_OP_OR] = "||",
    [C_OP_ASSIGN] = "=", [C_OP_MUL_ASSIGN] = "*=", [C_OP_DIV_ASSIGN] = "/=", [C_OP_MOD_ASSIGN] = "%=",
    [C_OP_ADD_ASSIGN] = "+=", [C_OP_SUB_ASSIGN] = "-=", [C_OP_SHL_ASSIGN] = "<<=",
    [C_OP_SHR_ASSIGN] = ">>=", [C_OP_AND_ASSIGN] = "&=", [C_OP_XOR_ASSIGN] = "^=", [C_OP_OR_ASSIGN] = "|=",
  };
  return names[op];
}

typedef struct {
  GString *out;
  const char *file;     /* the translation unit's file: locations elsewhere name theirs */
} Dump;

static void dump_expr (Dump *d, int depth, const CExpr *e);
static void dump_stmt (Dump *d, int depth, const CStmt *s);
static void dump_init (Dump *d, int depth, const CInit *i);
static void type_append (GString *out, const CType *t);

static void
indent (Dump *d, int depth)
{
  for (int i = 0; i < depth; i++)
    g_string_append (d->out, "  ");
}

static void
loc_append (Dump *d, RfLoc loc)
{
  if (loc.line == 0)
    return;
  if (loc.file && loc.file != d->file)
    g_string_append_printf (d->out, " @%s:%u:%u", loc.file, loc.line, loc.col);
  else
    g_string_append_printf (d->out, " @%u:%u", loc.line, loc.col);
}

static void
quals_append (GString *out, guint q)
{
  if (q & C_QUAL_CONST)
    g_string_append (out, "const ");
  if (q & C_QUAL_VOLATILE)
    g_string_append (out, "volatile ");
  if (q & C_QUAL_RESTRICT)
    g_string_append (out, "restrict ");
  if (q & C_QUAL_ATOMIC)
    g_string_append (out, "_Atomic ");
}

/* Types in words: "pointer to const char", "array[4] of int",
 * "function(int, pointer to void) returning void". */
static void
type_append (GString *out, const CType *t)
{
  if (!t)
    {
      g_string_append (out, "?");
      return;
    }
  switch (t->kind)
    {
    case C_TYPE_POINTER:
      quals_append (out, t->quals);
      g_string_append (out, "pointer to ");
      type_append (out, t->base);
      return;
    case C_TYPE_ARRAY:
      quals_append (out, t->quals);
      g_string_append (out, "array[");
      if (t->expr && t->expr->kind == C_EXPR_INT)
        g_string_append (out, t->expr->text);
      else if (t->expr)
        g_string_append (out, "expr");
      g_string_append (out, "] of ");
      type_append (out, t->base);
      return;
    case C_TYPE_FUNCTION:
      g_string_append (out, "function(");
      for (guint i = 0; i < t->params->len; i++)
        {
          const CDecl *p = g_ptr_array_index (t->params, i);
          if (i > 0)
            g_string_append (out, ", ");
          type_append (out, p->type);
        }
      if (t->variadic)
        g_string_append (out, t->params->len ? ", ..." : "...");
      else if (t->prototype && t->params->len == 0)
        g_string_append (out, "void");
      g_string_append (out, ") returning ");
      type_append (out, t->base);
      return;
    default:
      break;
    }
  quals_append (out, t->quals);
  switch (t->kind)
    {
    case C_TYPE_VOID: g_string_append (out, "void"); break;
    case C_TYPE_BASIC:
      g_string_append_printf (out, "%s%s", t->complex ? "_Complex " : "", t->name);
      break;
    case C_TYPE_STRUCT: case C_TYPE_UNION: case C_TYPE_ENUM:
      g_string_append_printf (out, "%s %s", tag_kind_name (t->kind), t->tag->name ? t->tag->name : "<anonymous>");
      break;
    case C_TYPE_TYPEDEF: g_string_append (out, t->name); break;
    case C_TYPE_TYPEOF:
      g_string_append (out, "typeof(");
      if (t->base)
        type_append (out, t->base);
      else
        g_string_append (out, "expr");
      g_string_append (out, ")");
      break;
    case C_TYPE_AUTO: g_string_append (out, "__auto_type"); break;
    default: g_assert_not_reached ();
    }
}

static const char *
decl_place (const CDecl *d)
{
  switch (d->kind)
    {
    case C_DECL_PARAM: return "param";
    case C_DECL_ENUMERATOR: return "enumerator";
    case C_DECL_TYPEDEF: return "typedef";
    case C_DECL_FUNC: return "function";
    case C_DECL_MEMBER: return "member";
    default: break;
    }
  if (d->storage == C_STORAGE_EXTERN)
    return "extern";
  if (d->file_scope)
    return d->storage == C_STORAGE_STATIC ? "static global" : "global";
  return d->storage == C_STORAGE_STATIC ? "static local" : "local";
}

static void
tag_members (Dump *d, int depth, const CType *t)
{
  if (!t || (t->kind != C_TYPE_STRUCT && t->kind != C_TYPE_UNION && t->kind != C_TYPE_ENUM))
    return;
  const CTag *tag = t->tag;
  GPtrArray *list = tag->kind == C_TYPE_ENUM ? tag->enumerators : tag->members;
  if (!list)
    return;
  for (guint i = 0; i < list->len; i++)
    {
      const CDecl *m = g_ptr_array_index (list, i);
      indent (d, depth);
      g_string_append_printf (d->out, "%s %s", m->kind == C_DECL_ENUMERATOR ? "enumerator" : "member",
                              m->name ? m->name : "<anonymous>");
      if (m->kind == C_DECL_MEMBER)
        {
          g_string_append (d->out, ": ");
          type_append (d->out, m->type);
        }
      loc_append (d, m->loc);
      g_string_append_c (d->out, '\n');
      if (m->bit_width)
        dump_expr (d, depth + 1, m->bit_width);
      if (m->value)
        dump_expr (d, depth + 1, m->value);
      if (m->kind == C_DECL_MEMBER && m->type && !m->name)
        tag_members (d, depth + 1, m->type);
    }
}

static void
dump_decl (Dump *d, int depth, const CDecl *decl)
{
  indent (d, depth);
  switch (decl->kind)
    {
    case C_DECL_TAG:
      g_string_append (d->out, "tag ");
      type_append (d->out, decl->type);
      loc_append (d, decl->loc);
      g_string_append_c (d->out, '\n');
      tag_members (d, depth + 1, decl->type);
      return;
    case C_DECL_STATIC_ASSERT:
      g_string_append (d->out, "static_assert");
      if (decl->message)
        g_string_append_printf (d->out, " %s", decl->message);
      loc_append (d, decl->loc);
      g_string_append_c (d->out, '\n');
      dump_expr (d, depth + 1, decl->value);
      return;
    case C_DECL_ASM:
      g_string_append_printf (d->out, "asm %s", decl->message);
      loc_append (d, decl->loc);
      g_string_append_c (d->out, '\n');
      return;
    default:
      break;
    }
  g_string_append_printf (d->out, "%s %s: ", decl_place (decl), decl->name ? decl->name : "<anonymous>");
  type_append (d->out, decl->type);
  if (decl->thread_local)
    g_string_append (d->out, " thread-local");
  if (decl->is_inline)
    g_string_append (d->out, " inline");
  if (decl->is_noreturn)
    g_string_append (d->out, " noreturn");
  if (decl->align || decl->align_type)
    g_string_append (d->out, " aligned");
  if (decl->asm_label)
    g_string_append_printf (d->out, " asm %s", decl->asm_label);
  loc_append (d, decl->loc);
  g_string_append_c (d->out, '\n');
  /* A struct defined in this declaration: its members. */
  const CType *base = decl->type;
  while (base && (base->kind == C_TYPE_POINTER || base->kind == C_TYPE_ARRAY))
    base = base->base;
  if (base && base->tag && base->tag->complete && !base->tag->name)
    tag_members (d, depth + 1, base);
  if (decl->init)
    dump_init (d, depth + 1, decl->init);
  if (decl->body)
    {
      for (guint i = 0; decl->params && i < decl->params->len; i++)
        dump_decl (d, depth + 1, g_ptr_array_index (decl->params, i));
      dump_stmt (d, depth + 1, decl->body);
    }
}

static void
dump_init (Dump *d, int depth, const CInit *i)
{
  if (i->expr)
    {
      dump_expr (d, depth, i->expr);
      return;
    }
  indent (d, depth);
  g_string_append (d->out, "init-list");
  loc_append (d, i->loc);
  g_string_append_c (d->out, '\n');
  for (guint k = 0; k < i->items->len; k++)
    {
      const CInitItem *it = g_ptr_array_index (i->items, k);
      int inner = depth + 1;
      if (it->designators)
        {
          indent (d, depth + 1);
          g_string_append (d->out, "designator ");
          for (guint j = 0; j < it->designators->len; j++)
            {
              const CDesignator *ds = g_ptr_array_index (it->designators, j);
              if (ds->kind == C_DESIG_FIELD)
                g_string_append_printf (d->out, ".%s", ds->field);
              else if (ds->kind == C_DESIG_INDEX)
                g_string_append_printf (d->out, "[%s]", ds->index->text ? ds->index->text : "expr");
              else
                g_string_append_printf (d->out, "[%s ... %s]", ds->index->text ? ds->index->text : "expr",
                                        ds->index_hi->text ? ds->index_hi->text : "expr");
            }
          loc_append (d, ((const CDesignator *) g_ptr_array_index (it->designators, 0))->loc);
          g_string_append_c (d->out, '\n');
          inner++;
        }
      dump_init (d, inner, it->init);
    }
}

static void
dump_expr (Dump *d, int depth, const CExpr *e)
{
  if (!e)
    return;
  indent (d, depth);
  GString *o = d->out;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      g_string_append_printf (o, "ident %s [%s]", e->text, e->decl ? decl_place (e->decl) : "undeclared");
      break;
    case C_EXPR_INT: g_string_append_printf (o, "int %s", e->text); break;
    case C_EXPR_FLOAT: g_string_append_printf (o, "float %s", e->text); break;
    case C_EXPR_CHAR: g_string_append_printf (o, "char %s", e->text); break;
    case C_EXPR_STRING: g_string_append_printf (o, "string %s", e->text); break;
    case C_EXPR_UNARY: g_string_append_printf (o, "unary %s", c_op_name (e->op)); break;
    case C_EXPR_BINARY: g_string_append_printf (o, "binary %s", c_op_name (e->op)); break;
    case C_EXPR_ASSIGN: g_string_append_printf (o, "assign %s", c_op_name (e->op)); break;
    case C_EXPR_COND: g_string_append (o, e->b ? "cond" : "cond ?:"); break;
    case C_EXPR_COMMA: g_string_append (o, "comma"); break;
    case C_EXPR_CALL: g_string_append (o, "call"); break;
    case C_EXPR_MEMBER: g_string_append_printf (o, "member %s%s", e->arrow ? "->" : ".", e->text); break;
    case C_EXPR_INDEX: g_string_append (o, "index"); break;
    case C_EXPR_CAST: g_string_append (o, "cast "); type_append (o, e->type); break;
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF:
      g_string_append (o, e->kind == C_EXPR_SIZEOF ? "sizeof" : "alignof");
      if (e->type)
        {
          g_string_append_c (o, ' ');
          type_append (o, e->type);
        }
      break;
    case C_EXPR_COMPOUND_LIT: g_string_append (o, "compound-literal "); type_append (o, e->type); break;
    case C_EXPR_STMT_EXPR: g_string_append (o, "statement-expression"); break;
    case C_EXPR_VA_ARG: g_string_append (o, "va_arg "); type_append (o, e->type); break;
    case C_EXPR_OFFSETOF:
      g_string_append (o, "offsetof ");
      type_append (o, e->type);
      g_string_append_printf (o, " %s", e->text);
      break;
    case C_EXPR_TYPES_COMPAT:
      g_string_append (o, "types-compatible ");
      type_append (o, e->type);
      g_string_append (o, ", ");
      type_append (o, e->type2);
      break;
    case C_EXPR_GENERIC: g_string_append (o, "generic"); break;
    case C_EXPR_LABEL_ADDR: g_string_append_printf (o, "label-address %s", e->text); break;
    }
  loc_append (d, e->loc);
  g_string_append_c (o, '\n');
  dump_expr (d, depth + 1, e->a);
  dump_expr (d, depth + 1, e->b);
  dump_expr (d, depth + 1, e->c);
  if (e->kind == C_EXPR_CALL)
    for (guint i = 0; i < e->args->len; i++)
      dump_expr (d, depth + 1, g_ptr_array_index (e->args, i));
  if (e->kind == C_EXPR_GENERIC)
    for (guint i = 0; i < e->args->len; i++)
      {
        const CGenericAssoc *g = g_ptr_array_index (e->args, i);
        indent (d, depth + 1);
        if (g->type)
          type_append (o, g->type);
        else
          g_string_append (o, "default");
        g_string_append (o, ":\n");
        dump_expr (d, depth + 2, g->expr);
      }
  if (e->init)
    dump_init (d, depth + 1, e->init);
  if (e->stmt)
    dump_stmt (d, depth + 1, e->stmt);
}

static const char *
stmt_name (CStmtKind kind)
{
  static const char *const names[] = {
    [C_STMT_COMPOUND] = "compound", [C_STMT_DECL] = "declaration", [C_STMT_EXPR] = "expression",
    [C_STMT_IF] = "if", [C_STMT_SWITCH] = "switch", [C_STMT_CASE] = "case", [C_STMT_DEFAULT] = "default",
    [C_STMT_WHILE] = "while", [C_STMT_DO] = "do", [C_STMT_FOR] = "for", [C_STMT_GOTO] = "goto",
    [C_STMT_GOTO_PTR] = "goto *", [C_STMT_CONTINUE] = "continue", [C_STMT_BREAK] = "break",
    [C_STMT_RETURN] = "return", [C_STMT_LABEL] = "label", [C_STMT_ASM] = "asm",
    [C_STMT_LOCAL_LABEL] = "__label__",
  };
  return names[kind];
}

static void
dump_asm_operands (Dump *d, int depth, const char *what, GPtrArray *ops)
{
  for (guint i = 0; ops && i < ops->len; i++)
    {
      const CAsmOperand *op = g_ptr_array_index (ops, i);
      indent (d, depth);
      g_string_append_printf (d->out, "%s %s%s%s%s\n", what, op->symbolic ? "[" : "",
                              op->symbolic ? op->symbolic : "", op->symbolic ? "] " : "", op->constraint);
      dump_expr (d, depth + 1, op->expr);
    }
}

static void
dump_stmt (Dump *d, int depth, const CStmt *s)
{
  if (!s)
    return;
  indent (d, depth);
  g_string_append (d->out, stmt_name (s->kind));
  if (s->kind == C_STMT_EXPR && !s->expr)
    g_string_append (d->out, " (null)");
  if (s->label)
    g_string_append_printf (d->out, " %s", s->label);
  if (s->kind == C_STMT_LOCAL_LABEL)
    for (guint i = 0; i < s->items->len; i++)
      g_string_append_printf (d->out, " %s", (const char *) g_ptr_array_index (s->items, i));
  if (s->asm_)
    g_string_append_printf (d->out, "%s%s%s %s", s->asm_->is_volatile ? " volatile" : "",
                            s->asm_->is_inline ? " inline" : "", s->asm_->is_goto ? " goto" : "", s->asm_->templ);
  loc_append (d, s->loc);
  g_string_append_c (d->out, '\n');
  switch (s->kind)
    {
    case C_STMT_COMPOUND:
      for (guint i = 0; i < s->items->len; i++)
        dump_stmt (d, depth + 1, g_ptr_array_index (s->items, i));
      return;
    case C_STMT_DECL:
      for (guint i = 0; i < s->items->len; i++)
        dump_decl (d, depth + 1, g_ptr_array_index (s->items, i));
      return;
    case C_STMT_FOR:
      if (s->init)
        dump_stmt (d, depth + 1, s->init);
      break;
    case C_STMT_ASM:
      dump_asm_operands (d, depth + 1, "output", s->asm_->outputs);
      dump_asm_operands (d, depth + 1, "input", s->asm_->inputs);
      for (guint i = 0; s->asm_->clobbers && i < s->asm_->clobbers->len; i++)
        {
          indent (d, depth + 1);
          g_string_append_printf (d->out, "clobber %s\n", (const char *) g_ptr_array_index (s->asm_->clobbers, i));
        }
      return;
    default:
      break;
    }
  if (s->kind == C_STMT_DO)
    {
      dump_stmt (d, depth + 1, s->body);
      dump_expr (d, depth + 1, s->expr);
      return;
    }
  dump_expr (d, depth + 1, s->expr);
  dump_expr (d, depth + 1, s->expr2);
  dump_stmt (d, depth + 1, s->body);
  if (s->else_body)
    {
      indent (d, depth);
      g_string_append (d->out, "else\n");
      dump_stmt (d, depth + 1, s->else_body);
    }
}

char *
rf_c_unit_dump (const RfCUnit *unit, gboolean user_only)
{
  g_return_val_if_fail (unit != NULL, NULL);
  GString *out = g_string_new (NULL);
  for (guint f = 0; f < unit->files->len; f++)
    {
      const CFile *tu = g_ptr_array_index (unit->files, f);
      Dump d = { out, tu->file };
      g_string_append_printf (out, "file %s\n", tu->file);
      for (guint i = 0; i < tu->items->len; i++)
        {
          const CDecl *decl = g_ptr_array_index (tu->items, i);
          if (user_only && decl->in_system)
            continue;
          dump_decl (&d, 1, decl);
        }
    }
  return g_string_free (out, FALSE);
}
