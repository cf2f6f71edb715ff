/* rf-c-build: the builders the C grammar's actions call: specifiers, types, tags,
 * declarators, declarations, initializers, expressions and statements.
 *
 * Each builder makes a node in the unit's arena and fills it from its parts; a
 * declarator is built inside out with a hole where the specifiers' type goes
 * (CDecl.hole), filled when the declaration is complete. Declarations are entered in
 * the current scope as they are reduced, so that later identifiers resolve to them. */
#include "c-ast.h"
#include "c-parser.h"

#include <string.h>


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

CType *
c_basic (CParser *ctx, CBasic b, const char *name)
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
    t = c_basic (ctx, s->builtin_basic, s->builtin);
  else if (s->n_bool)
    t = c_basic (ctx, C_BASIC_BOOL, NULL);
  else if (s->n_char)
    t = c_basic (ctx, u ? C_BASIC_UCHAR : s->n_signed ? C_BASIC_SCHAR : C_BASIC_CHAR, NULL);
  else if (s->n_short)
    t = c_basic (ctx, u ? C_BASIC_USHORT : C_BASIC_SHORT, NULL);
  else if (s->n_int128)
    t = c_basic (ctx, u ? C_BASIC_UINT128 : C_BASIC_INT128, NULL);
  else if (s->n_float)
    t = c_basic (ctx, C_BASIC_FLOAT, NULL);
  else if (s->n_double)
    t = c_basic (ctx, s->n_long ? C_BASIC_LDOUBLE : C_BASIC_DOUBLE, NULL);
  else if (s->n_long >= 2)
    t = c_basic (ctx, u ? C_BASIC_ULLONG : C_BASIC_LLONG, NULL);
  else if (s->n_long == 1)
    t = c_basic (ctx, u ? C_BASIC_ULONG : C_BASIC_LONG, NULL);
  else if (s->n_complex && !s->n_int && !s->n_signed && !u)
    t = c_basic (ctx, C_BASIC_DOUBLE, NULL);
  else
    t = c_basic (ctx, u ? C_BASIC_UINT : C_BASIC_INT, NULL);
  if (t->kind == C_TYPE_BASIC && s->n_complex)
    t->complex = TRUE;
  t->quals |= s->quals;
  return t;
}

CType *
c_type_typedef (CParser *ctx, const char *name, RfLoc loc)
{
  CType *t = c_type_new (ctx, C_TYPE_TYPEDEF);
  t->tdef = c_lookup (ctx, name);
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

const char *
c_tag_kind_name (CTypeKind kind)
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
    g_hash_table_insert (c_scope_top (ctx)->tags, (gpointer) name, tag);
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
    c_report (ctx, loc, "redefinition of '%s %s'", c_tag_kind_name (tag->kind), tag->name);
  tag->complete = TRUE;
  tag->def_loc = loc;
  if (tag->kind == C_TYPE_ENUM)
    {
      tag->enumerators = members;
      for (guint i = 1; members && i < members->len; i++)
        ((CDecl *) g_ptr_array_index (members, i))->enum_prev = g_ptr_array_index (members, i - 1);
    }
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

CDecl *
c_decl_new (CParser *ctx, CDeclKind kind, const char *name, RfLoc loc)
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
  return c_decl_new (ctx, C_DECL_VAR, name, loc);
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
  CDecl *d = inner ? inner : c_decl_new (ctx, C_DECL_VAR, NULL, RF_LOC_NONE);
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
  c_bind (ctx, d);
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

/* The name F of `__attribute__ ((cleanup (F)))` (or `__cleanup__`) in attribute text A,
 * or NULL. */
static const char *
cleanup_name (CParser *ctx, const char *a)
{
  const char *p = a ? strstr (a, "cleanup") : NULL;
  if (!p)
    return NULL;
  p += strlen ("cleanup");
  while (*p == '_' || g_ascii_isspace (*p))
    p++;
  if (*p++ != '(')
    return NULL;
  while (g_ascii_isspace (*p))
    p++;
  const char *q = p;
  while (g_ascii_isalnum (*q) || *q == '_')
    q++;
  if (q == p)
    return NULL;
  g_autofree char *name = g_strndup (p, q - p);
  return g_string_chunk_insert_const (ctx->arena->strings, name);
}

/* `f (&d)` for a block variable D with __attribute__ ((cleanup (f))), or NULL. */
static CExpr *
cleanup_call (CParser *ctx, CDecl *d)
{
  for (guint i = 0; d->attrs && d->name && i < d->attrs->len; i++)
    {
      const char *f = cleanup_name (ctx, g_ptr_array_index (d->attrs, i));
      if (!f)
        continue;
      CExpr *var = c_expr_new (ctx, C_EXPR_IDENT, d->loc);
      var->text = d->name;
      var->decl = d;
      GPtrArray *args = c_list_add (ctx, NULL, c_expr_unary (ctx, C_OP_ADDR, d->loc, var));
      return c_expr_call (ctx, d->loc, c_expr_ident (ctx, f, d->loc), args);
    }
  return NULL;
}

GPtrArray *
c_declaration (CParser *ctx, CSpec *s, GPtrArray *decls, RfLoc loc)
{
  ctx->typedef_pending = FALSE;
  CType *base = c_spec_to_type (ctx, s);
  if (!decls)
    {
      CDecl *d = c_decl_new (ctx, C_DECL_TAG, NULL, loc);
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
      if (d->kind == C_DECL_VAR && !d->file_scope && d->storage != C_STORAGE_STATIC && d->storage != C_STORAGE_EXTERN)
        d->cleanup = cleanup_call (ctx, d);
    }
  return decls;
}

CDecl *
c_param (CParser *ctx, CSpec *s, CDecl *d, RfLoc loc)
{
  if (!d)
    d = c_decl_new (ctx, C_DECL_PARAM, NULL, loc);
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
    d = c_decl_new (ctx, C_DECL_MEMBER, NULL, loc);
  d->kind = C_DECL_MEMBER;
  d->bit_width = width;
  d->file_scope = FALSE;
  return d;
}

CDecl *
c_enumerator (CParser *ctx, const char *name, RfLoc loc, GPtrArray *attrs, CExpr *value)
{
  CDecl *d = c_decl_new (ctx, C_DECL_ENUMERATOR, name, loc);
  d->hole = NULL;
  d->value = value;
  d->attrs = attrs;
  c_bind (ctx, d);
  return d;
}

CDecl *
c_static_assert (CParser *ctx, RfLoc loc, CExpr *cond, const char *msg)
{
  CDecl *d = c_decl_new (ctx, C_DECL_STATIC_ASSERT, NULL, loc);
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
  c_bind (ctx, d);
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
  CDecl *d = c_decl_new (ctx, C_DECL_ASM, NULL, loc);
  d->hole = NULL;
  d->message = text;
  g_ptr_array_add (ctx->tu->items, d);
}

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

CExpr *
c_expr_new (CParser *ctx, CExprKind kind, RfLoc loc)
{
  CExpr *e = c_new (ctx, CExpr);
  e->kind = kind;
  e->loc = loc;
  return e;
}

/* Sets E's depth from its operands; past C_EXPR_DEPTH_MAX, the fatal error. */
static CExpr *
expr_nest (CParser *ctx, CExpr *e)
{
  CExpr *ops[] = { e->a, e->b, e->c };
  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (ops[i])
      e->depth = MAX (e->depth, ops[i]->depth + 1);
  if (e->depth > C_EXPR_DEPTH_MAX && !rf_diags_stopped (ctx->diags))
    {
      c_report (ctx, e->loc, "expression nested too deeply (more than %u operators)", C_EXPR_DEPTH_MAX);
      rf_diags_stop (ctx->diags);
    }
  return e;
}

CExpr *
c_expr_ident (CParser *ctx, const char *name, RfLoc loc)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_IDENT, loc);
  e->text = name;
  e->decl = c_lookup (ctx, name);
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
  return expr_nest (ctx, e);
}

CExpr *
c_expr_binary (CParser *ctx, CExprKind kind, COp op, RfLoc loc, CExpr *a, CExpr *b)
{
  CExpr *e = c_expr_new (ctx, kind, loc);
  e->op = op;
  e->a = a;
  e->b = b;
  return expr_nest (ctx, e);
}

CExpr *
c_expr_cond (CParser *ctx, RfLoc loc, CExpr *a, CExpr *b, CExpr *c)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_COND, loc);
  e->a = a;
  e->b = b;
  e->c = c;
  return expr_nest (ctx, e);
}

CExpr *
c_expr_call (CParser *ctx, RfLoc loc, CExpr *fn, GPtrArray *args)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_CALL, loc);
  e->a = fn;
  e->args = args;
  return expr_nest (ctx, e);
}

CExpr *
c_expr_member (CParser *ctx, RfLoc loc, CExpr *a, const char *field, gboolean arrow)
{
  CExpr *e = c_expr_new (ctx, C_EXPR_MEMBER, loc);
  e->a = a;
  e->text = field;
  e->arrow = arrow;
  return expr_nest (ctx, e);
}

CExpr *
c_expr_typed (CParser *ctx, CExprKind kind, RfLoc loc, CType *t, CType *t2, CExpr *a)
{
  CExpr *e = c_expr_new (ctx, kind, loc);
  e->type = t;
  e->type2 = t2;
  e->a = a;
  return expr_nest (ctx, e);
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
  /* leaving the block at its end runs the cleanups of its variables, the last declared
   * first (the lowering runs them at a return, break or continue too) */
  guint n = items ? items->len : 0;
  for (guint i = n; i-- > 0;)
    {
      CStmt *it = g_ptr_array_index (items, i);
      for (guint k = it->kind == C_STMT_DECL && it->items ? it->items->len : 0; k-- > 0;)
        {
          CDecl *d = g_ptr_array_index (it->items, k);
          if (d->cleanup)
            {
              CStmt *call = c_stmt_new (ctx, C_STMT_EXPR, end);
              call->expr = d->cleanup;
              items = c_list_add (ctx, items, call);
            }
        }
    }
  CStmt *s = c_stmt_new (ctx, C_STMT_COMPOUND, loc);
  s->cleanups = (items ? items->len : 0) - n;
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
  /* `for (T x __attribute__ ((cleanup (f))) = ...; ...)`: x's scope is the loop, so
   * `{ T x = ...; for (; ...) ...; }`, whose end runs f (&x) */
  for (guint i = 0; init && init->kind == C_STMT_DECL && init->items && i < init->items->len; i++)
    if (((CDecl *) g_ptr_array_index (init->items, i))->cleanup)
      {
        s->init = NULL;
        GPtrArray *items = c_list_add (ctx, c_list_add (ctx, NULL, init), s);
        return c_stmt_compound (ctx, loc, items, body ? (body->kind == C_STMT_COMPOUND ? body->end : body->loc) : loc);
      }
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
