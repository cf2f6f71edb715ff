/* rf-c-tree: small questions about the C syntax tree and its visitor (see rf-c-tree.h). */
#include "rf-c-tree.h"

#include <string.h>

CExpr *
c_peel (CExpr *e)
{
  while (e && ((e->kind == C_EXPR_CAST && e->a) || (e->kind == C_EXPR_UNARY && e->op == C_OP_EXTENSION)))
    e = e->a;
  return e;
}

const char *
c_callee_name (CExpr *call)
{
  CExpr *f = c_peel (call->a);
  if (f && f->kind == C_EXPR_UNARY && f->op == C_OP_DEREF)
    f = c_peel (f->a);
  if (f && f->kind == C_EXPR_IDENT && (!f->decl || f->decl->kind == C_DECL_FUNC))
    return f->text;
  return NULL;
}

CExpr *
c_arg (CExpr *call, guint i)
{
  return call->args && i < call->args->len ? g_ptr_array_index (call->args, i) : NULL;
}

gboolean
c_is_static_object (CDecl *d)
{
  return d->kind == C_DECL_VAR && (d->file_scope || d->storage == C_STORAGE_STATIC
                                   || d->storage == C_STORAGE_EXTERN);
}

gboolean
c_is_null_constant (CExpr *e)
{
  e = c_peel (e);
  return e && e->kind == C_EXPR_INT && strcmp (e->text, "0") == 0;
}

gboolean
c_const_int (CExpr *e, gint64 *out)
{
  e = c_peel (e);
  if (!e)
    return FALSE;
  gint64 a, b;
  switch (e->kind)
    {
    case C_EXPR_INT:
      {
        char *end = NULL;
        guint64 v = g_ascii_strtoull (e->text, &end, 0);
        if (!end || end == e->text || v > G_MAXINT32)
          return FALSE;
        for (; *end; end++)
          if (!strchr ("uUlL", *end))
            return FALSE;
        *out = (gint64) v;
        return TRUE;
      }
    case C_EXPR_IDENT:
      {
        /* an enumerator with no value: the one before it plus one (the first: 0) */
        gint64 k = 0;
        CDecl *d = e->decl && e->decl->kind == C_DECL_ENUMERATOR ? e->decl : NULL;
        for (; d && !d->value; d = d->enum_prev)
          k++;
        if (!e->decl || e->decl->kind != C_DECL_ENUMERATOR)
          return FALSE;
        if (!d)
          return (*out = k - 1), TRUE;
        if (!c_const_int (d->value, &a) || a + k > G_MAXINT32 || a < -G_MAXINT32)
          return FALSE;
        *out = a + k;
        return TRUE;
      }
    case C_EXPR_UNARY:
      if (!c_const_int (e->a, &a))
        return FALSE;
      switch (e->op)
        {
        case C_OP_NEG: *out = -a; return TRUE;
        case C_OP_PLUS: *out = a; return TRUE;
        case C_OP_BITNOT: *out = ~a; return TRUE;
        default: return FALSE;
        }
    case C_EXPR_BINARY:
      if (!c_const_int (e->a, &a) || !c_const_int (e->b, &b) || a < -G_MAXINT32 || a > G_MAXINT32
          || b < -G_MAXINT32 || b > G_MAXINT32)
        return FALSE;
      switch (e->op)
        {
        case C_OP_ADD: *out = a + b; return TRUE;
        case C_OP_SUB: *out = a - b; return TRUE;
        case C_OP_MUL: *out = a * b; return TRUE;
        case C_OP_DIV: if (b == 0) return FALSE; *out = a / b; return TRUE;
        case C_OP_MOD: if (b == 0) return FALSE; *out = a % b; return TRUE;
        case C_OP_SHL: if (b < 0 || b > 31) return FALSE; *out = a << b; return TRUE;
        case C_OP_SHR: if (b < 0 || b > 31) return FALSE; *out = a >> b; return TRUE;
        case C_OP_BITAND: *out = a & b; return TRUE;
        case C_OP_BITOR: *out = a | b; return TRUE;
        case C_OP_BITXOR: *out = a ^ b; return TRUE;
        default: return FALSE;
        }
    default:
      return FALSE;
    }
}

static void
expr_text (CExpr *e, GString *o, int depth)
{
  if (!e || depth > 20)
    {
      g_string_append (o, "...");
      return;
    }
  switch (e->kind)
    {
    case C_EXPR_IDENT: case C_EXPR_INT: case C_EXPR_CHAR: case C_EXPR_FLOAT:
      g_string_append (o, e->text ? e->text : "?");
      return;
    case C_EXPR_UNARY:
      switch (e->op)
        {
        case C_OP_ADDR: g_string_append_c (o, '&'); break;
        case C_OP_DEREF: g_string_append_c (o, '*'); break;
        case C_OP_NEG: g_string_append_c (o, '-'); break;
        case C_OP_NOT: g_string_append_c (o, '!'); break;
        default: break;
        }
      expr_text (e->a, o, depth + 1);
      return;
    case C_EXPR_MEMBER:
      expr_text (e->a, o, depth + 1);
      g_string_append_printf (o, "%s%s", e->arrow ? "->" : ".", e->text);
      return;
    case C_EXPR_INDEX:
      expr_text (e->a, o, depth + 1);
      g_string_append_c (o, '[');
      expr_text (e->b, o, depth + 1);
      g_string_append_c (o, ']');
      return;
    case C_EXPR_CAST:
      expr_text (e->a, o, depth + 1);
      return;
    case C_EXPR_BINARY:
      expr_text (e->a, o, depth + 1);
      g_string_append_printf (o, " %s ", c_op_name (e->op));
      expr_text (e->b, o, depth + 1);
      return;
    default:
      g_string_append (o, "...");
      return;
    }
}

void
c_expr_text (CExpr *e, GString *out)
{
  expr_text (e, out, 0);
}

/* ---- the visitor ---- */

static gboolean visit_stmt (const CVisitor *v, CStmt *s);
static gboolean visit_expr (const CVisitor *v, CExpr *e);

static gboolean
visit_init (const CVisitor *v, CInit *in)
{
  if (!in || v->no_exprs)
    return FALSE;
  if (in->expr)
    return visit_expr (v, in->expr);
  for (guint i = 0; in->items && i < in->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (in->items, i);
      for (guint j = 0; it->designators && j < it->designators->len; j++)
        {
          CDesignator *d = g_ptr_array_index (it->designators, j);
          if (visit_expr (v, d->index) || visit_expr (v, d->index_hi))
            return TRUE;
        }
      if (visit_init (v, it->init))
        return TRUE;
    }
  return FALSE;
}

static gboolean
visit_expr (const CVisitor *v, CExpr *e)
{
  if (!e || v->no_exprs)
    return FALSE;
  CVisitResult r = v->expr ? v->expr (e, v->data) : C_VISIT_CONTINUE;
  if (r != C_VISIT_CONTINUE)
    return r == C_VISIT_STOP;
  if (visit_expr (v, e->a) || visit_expr (v, e->b) || visit_expr (v, e->c))
    return TRUE;
  for (guint i = 0; e->args && i < e->args->len; i++)
    {
      CExpr *x = e->kind == C_EXPR_GENERIC ? ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr
                                           : g_ptr_array_index (e->args, i);
      if (visit_expr (v, x))
        return TRUE;
    }
  if (e->kind == C_EXPR_STMT_EXPR && visit_stmt (v, e->stmt))
    return TRUE;
  return e->kind == C_EXPR_COMPOUND_LIT && visit_init (v, e->init);
}

/* The expressions of statement S itself (not of its sub-statements). */
static gboolean
visit_stmt_exprs (const CVisitor *v, CStmt *s)
{
  if (v->no_exprs)
    return FALSE;
  if (visit_expr (v, s->expr) || visit_expr (v, s->expr2))
    return TRUE;
  for (guint i = 0; s->kind == C_STMT_DECL && s->items && i < s->items->len; i++)
    {
      CDecl *d = g_ptr_array_index (s->items, i);
      for (CType *t = d->type; t && t->kind == C_TYPE_ARRAY; t = t->base)
        if (visit_expr (v, t->expr))
          return TRUE;
      if (visit_init (v, d->init))
        return TRUE;
    }
  if (s->kind == C_STMT_ASM && s->asm_)
    {
      GPtrArray *ops[2] = { s->asm_->outputs, s->asm_->inputs };
      for (guint k = 0; k < 2; k++)
        for (guint i = 0; ops[k] && i < ops[k]->len; i++)
          if (visit_expr (v, ((CAsmOperand *) g_ptr_array_index (ops[k], i))->expr))
            return TRUE;
    }
  return FALSE;
}

static gboolean
visit_stmt (const CVisitor *v, CStmt *s)
{
  if (!s)
    return FALSE;
  CVisitResult r = v->stmt ? v->stmt (s, v->data) : C_VISIT_CONTINUE;
  if (r != C_VISIT_CONTINUE)
    return r == C_VISIT_STOP;
  if (visit_stmt_exprs (v, s) || visit_stmt (v, s->init) || visit_stmt (v, s->body)
      || visit_stmt (v, s->else_body))
    return TRUE;
  for (guint i = 0; s->kind == C_STMT_COMPOUND && s->items && i < s->items->len; i++)
    if (visit_stmt (v, g_ptr_array_index (s->items, i)))
      return TRUE;
  if (v->stmt_done)
    v->stmt_done (s, v->data);
  return FALSE;
}

gboolean
c_visit_stmt (const CVisitor *v, CStmt *s)
{
  return visit_stmt (v, s);
}

gboolean
c_visit_expr (const CVisitor *v, CExpr *e)
{
  return visit_expr (v, e);
}

gboolean
c_visit_init (const CVisitor *v, CInit *in)
{
  return visit_init (v, in);
}

GPtrArray *
c_unit_decls (const RfCUnit *unit)
{
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < unit->files->len; i++)
    {
      CFile *file = g_ptr_array_index (unit->files, i);
      for (guint j = 0; j < file->items->len; j++)
        g_ptr_array_add (out, g_ptr_array_index (file->items, j));
    }
  return out;
}
