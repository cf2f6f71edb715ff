/* rf-c-lower-counted: counted loops, as the join-loop recognition reads them
 * (rf-c-lower-joinall.c).
 *
 * Approach. A loop counts when an index goes from an initial value by steps of one up
 * or down to a bound: `for (i = A; i < B; i++)` and its many spellings (a while loop
 * with its init before it and its step last or first in its body, the step in the
 * test: `i-- > 0`, `--i >= B`, `while (i--)`). What matters is the range of index
 * values the body sees, [lo, hi), each end an expression plus a constant, so that two
 * loops over the same slots compare equal however they are written. Nothing here
 * decides anything about threads; it only reads the source. */
#include "rf-c-lower-private.h"

#include <string.h>

/* E without __extension__ (casts kept: they may change the value). */
static CExpr *
peel_ext (CExpr *e)
{
  while (e && e->kind == C_EXPR_UNARY && e->op == C_OP_EXTENSION)
    e = e->a;
  return e;
}

/* E + ADD as an endpoint: `X + c` and `X - c` fold their constant into the offset.
 * A cast is part of the expression (`(unsigned char) n` is not n), but for a
 * constant every integer type holds (0 to 127). */
static Endpoint
endpoint (CExpr *e, gint64 add)
{
  gint64 c;
  e = peel_ext (e);
  if (!e)
    return (Endpoint) { NULL, add };
  if (c_const_int (e, &c) || (c_const_int (c_peel (e), &c) && c >= 0 && c <= 127))
    return (Endpoint) { NULL, c + add };
  if (e->kind == C_EXPR_BINARY && (e->op == C_OP_ADD || e->op == C_OP_SUB) && c_const_int (e->b, &c))
    return (Endpoint) { peel_ext (e->a), add + (e->op == C_OP_ADD ? c : -c) };
  return (Endpoint) { e, add };
}

/* The type sizeof or _Alignof E measures. */
static CType *
measured (Lower *L, CExpr *e)
{
  return e->type ? e->type : e->a ? type_of (L, e->a) : NULL;
}

gboolean
lower_same_value (Lower *L, CExpr *a, CExpr *b, GHashTable *subst)
{
  a = peel_ext (a), b = peel_ext (b);
  for (guint k = 0; k < 2; k++)
    {
      CExpr **x = k ? &b : &a;
      CExpr *to = *x && (*x)->kind == C_EXPR_IDENT && (*x)->decl && subst ? g_hash_table_lookup (subst, (*x)->decl)
                                                                            : NULL;
      if (to)
        *x = peel_ext (to);
    }
  if (!a || !b)
    return FALSE;
  gint64 ca, cb;
  if (a->kind != C_EXPR_CAST && b->kind != C_EXPR_CAST && c_const_int (a, &ca) && c_const_int (b, &cb))
    return ca == cb;
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case C_EXPR_IDENT:
      /* one variable: one declaration, or two declarations of one global */
      return a->decl && b->decl
             && (a->decl == b->decl
                 || (a->decl->file_scope && b->decl->file_scope && a->decl->storage != C_STORAGE_STATIC
                     && b->decl->storage != C_STORAGE_STATIC && a->decl->name && b->decl->name
                     && strcmp (a->decl->name, b->decl->name) == 0));
    case C_EXPR_CAST:
      return a->type && b->type && rf_c_type_compatible (L->ty, a->type, b->type)
             && lower_same_value (L, a->a, b->a, subst);
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF:
      {
        CType *ta = measured (L, a), *tb = measured (L, b);
        return ta && tb && rf_c_type_compatible (L->ty, ta, tb) && !lower_type_is_vm (L, ta)
               && !lower_type_is_vm (L, tb);
      }
    case C_EXPR_MEMBER:
      return !a->arrow && !b->arrow && a->text && b->text && strcmp (a->text, b->text) == 0
             && lower_same_value (L, a->a, b->a, subst);
    case C_EXPR_UNARY:
      return a->op == b->op && (a->op == C_OP_NEG || a->op == C_OP_PLUS || a->op == C_OP_BITNOT)
             && lower_same_value (L, a->a, b->a, subst);
    case C_EXPR_BINARY:
      return a->op == b->op && lower_same_value (L, a->a, b->a, subst) && lower_same_value (L, a->b, b->b, subst);
    default:
      return FALSE;
    }
}

Endpoint
lower_endpoint (CExpr *e)
{
  return endpoint (e, 0);
}

gboolean
lower_same_endpoint (Lower *L, Endpoint a, Endpoint b, GHashTable *subst)
{
  return a.off == b.off && (a.e ? b.e && lower_same_value (L, a.e, b.e, subst) : !b.e);
}

gboolean
lower_same_length (Lower *L, Endpoint lo1, Endpoint hi1, Endpoint lo2, Endpoint hi2, GHashTable *subst)
{
  gboolean ends = (lo1.e ? lo2.e && lower_same_value (L, lo1.e, lo2.e, subst) : !lo2.e)
                  && (hi1.e ? hi2.e && lower_same_value (L, hi1.e, hi2.e, subst) : !hi2.e);
  return ends && hi1.off - lo1.off == hi2.off - lo2.off;
}

/* The declaration of plain identifier E (peeled), or NULL. */
CDecl *
lower_ident_decl (CExpr *e)
{
  e = c_peel (e);
  return e && e->kind == C_EXPR_IDENT ? e->decl : NULL;
}

CDecl *
lower_func_named (Lower *L, CExpr *e)
{
  e = c_peel (e);
  if (e && e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR)
    e = c_peel (e->a);
  return e && e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_FUNC && e->decl->name
         ? lower_func_def (L, e->decl->name) : NULL;
}

/* Width in bits and signedness of integer type T; FALSE for any other type. */
static gboolean
int_width (Lower *L, CType *t, guint *bits, gboolean *is_signed)
{
  t = strip (L, t);
  if (!t || t->kind != C_TYPE_BASIC)
    return FALSE;
  static const struct { gint kind; guint bits; gboolean sgn; } ws[] = {
    { C_BASIC_CHAR, 8, TRUE }, { C_BASIC_SCHAR, 8, TRUE }, { C_BASIC_UCHAR, 8, FALSE },
    { C_BASIC_SHORT, 16, TRUE }, { C_BASIC_USHORT, 16, FALSE }, { C_BASIC_INT, 32, TRUE },
    { C_BASIC_UINT, 32, FALSE }, { C_BASIC_LONG, 64, TRUE }, { C_BASIC_ULONG, 64, FALSE },
    { C_BASIC_LLONG, 64, TRUE }, { C_BASIC_ULLONG, 64, FALSE }, { C_BASIC_INT128, 128, TRUE },
    { C_BASIC_UINT128, 128, FALSE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (ws); i++)
    if ((gint) t->basic == ws[i].kind)
      {
        *bits = ws[i].bits;
        *is_signed = ws[i].sgn;
        return TRUE;
      }
  return FALSE;
}

gboolean
lower_int_width (Lower *L, CType *t, guint *bits, gboolean *is_signed)
{
  return int_width (L, t, bits, is_signed);
}

gboolean
lower_int_type (Lower *L, CType *t)
{
  guint bits;
  gboolean sgn;
  return int_width (L, t, &bits, &sgn);
}

gboolean
lower_int_is_signed (Lower *L, CType *t)
{
  guint bits;
  gboolean sgn;
  return int_width (L, t, &bits, &sgn) && sgn;
}

gboolean
lower_int_preserves (Lower *L, CType *to, CType *from)
{
  guint tb, sb;
  gboolean ts, ss;
  return compatible (L, to, from)
         || (int_width (L, to, &tb, &ts) && int_width (L, from, &sb, &ss) && (ts == ss ? tb >= sb : ts && tb > sb));
}

gboolean
lower_keeps_thread_index (Lower *L, CType *to, CType *from)
{
  guint bits;
  gboolean sgn;
  return lower_int_preserves (L, to, from) || (int_width (L, from, &bits, &sgn) && int_width (L, to, &bits, &sgn) && bits >= 32);
}

gboolean
lower_casts_keep (Lower *L, CExpr *e, CType *t)
{
  for (; e && ((e->kind == C_EXPR_UNARY && e->op == C_OP_EXTENSION) || (e->kind == C_EXPR_CAST && e->a)); e = e->a)
    if (e->kind == C_EXPR_CAST && !is_pointerish (L, e->type) && !lower_keeps_thread_index (L, e->type, t))
      return FALSE;
  return TRUE;
}

CDecl *
lower_index_decl (Lower *L, CExpr *e)
{
  while (e && ((e->kind == C_EXPR_UNARY && e->op == C_OP_EXTENSION) || (e->kind == C_EXPR_CAST && e->a)))
    {
      if (e->kind == C_EXPR_CAST)
        {
          if (!lower_int_preserves (L, e->type, type_of (L, e->a)))
            return NULL;  /* a conversion that may change the value */
        }
      e = e->a;
    }
  return e && e->kind == C_EXPR_IDENT ? e->decl : NULL;
}

/* E steps D by +1 or -1 (i++, ++i, i += 1, i = i + 1, and decrements): the step, or 0. */
static gint
step_of (CExpr *e, CDecl *d)
{
  e = c_peel (e);
  if (!e || !d)
    return 0;
  gint64 one = 0;
  if (e->kind == C_EXPR_UNARY && lower_ident_decl (e->a) == d)
    return e->op == C_OP_POSTINC || e->op == C_OP_PREINC ? 1 : e->op == C_OP_POSTDEC || e->op == C_OP_PREDEC ? -1 : 0;
  if (e->kind == C_EXPR_ASSIGN && lower_ident_decl (e->a) == d && (e->op == C_OP_ADD_ASSIGN || e->op == C_OP_SUB_ASSIGN)
      && c_const_int (e->b, &one) && one == 1)
    return e->op == C_OP_ADD_ASSIGN ? 1 : -1;
  if (e->kind == C_EXPR_ASSIGN && e->op == C_OP_ASSIGN && lower_ident_decl (e->a) == d)
    {
      CExpr *r = c_peel (e->b);
      if (r && r->kind == C_EXPR_BINARY && (r->op == C_OP_ADD || r->op == C_OP_SUB) && lower_ident_decl (r->a) == d
          && c_const_int (r->b, &one) && one == 1)
        return r->op == C_OP_ADD ? 1 : -1;
    }
  return 0;
}

/* Steps: embedded_step's walk. Only the parts of an expression every evaluation of it
 * evaluates are looked into (not the branches of ?:, &&, ||). */
static void
unconditional_steps (CExpr *e, GPtrArray *out)
{
  e = c_peel (e);
  if (!e)
    return;
  switch (e->kind)
    {
    case C_EXPR_UNARY:
      if ((e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC || e->op == C_OP_PREINC || e->op == C_OP_PREDEC)
          && lower_ident_decl (e->a))
        g_ptr_array_add (out, e);
      else
        unconditional_steps (e->a, out);  /* &t[i++] evaluates the index too */
      return;
    case C_EXPR_BINARY:
      if (e->op == C_OP_AND || e->op == C_OP_OR)
        unconditional_steps (e->a, out);
      else
        {
          unconditional_steps (e->a, out);
          unconditional_steps (e->b, out);
        }
      return;
    case C_EXPR_ASSIGN: case C_EXPR_INDEX: case C_EXPR_COMMA:
      unconditional_steps (e->a, out);
      unconditional_steps (e->b, out);
      return;
    case C_EXPR_MEMBER:
      unconditional_steps (e->a, out);
      return;
    case C_EXPR_COND:
      unconditional_steps (e->a, out);
      return;
    case C_EXPR_CALL:
      unconditional_steps (e->a, out);
      for (guint i = 0; e->args && i < e->args->len; i++)
        unconditional_steps (g_ptr_array_index (e->args, i), out);
      return;
    default:
      return;
    }
}

/* The one step of an index inside the first statement of BODY that every pass runs
 * (`pthread_join (t[i++], NULL)`, `if (pthread_join (t[--n], NULL))`), or NULL. */
static CExpr *
embedded_step (CStmt *body)
{
  CStmt *first = body && body->kind == C_STMT_COMPOUND ? (body->items && body->items->len ? g_ptr_array_index (body->items, 0) : NULL)
                                                      : body;
  CExpr *e = !first ? NULL : first->kind == C_STMT_EXPR ? first->expr : first->kind == C_STMT_IF ? first->expr : NULL;
  g_autoptr (GPtrArray) steps = g_ptr_array_new ();
  unconditional_steps (e, steps);
  return steps->len == 1 ? g_ptr_array_index (steps, 0) : NULL;
}

/* The comparison COND of index D with a bound: *BOUND and the operator with D on the
 * left; FALSE when COND is no such comparison. */
static gboolean
index_cmp (CExpr *cond, CDecl *d, COp *cmp, CExpr **bound)
{
  CExpr *c = c_peel (cond);
  if (!c || c->kind != C_EXPR_BINARY)
    return FALSE;
  static const COp ops[] = { C_OP_LT, C_OP_LE, C_OP_GT, C_OP_GE, C_OP_NE };
  static const COp flipped[] = { C_OP_GT, C_OP_GE, C_OP_LT, C_OP_LE, C_OP_NE };
  for (guint k = 0; k < G_N_ELEMENTS (ops); k++)
    if (c->op == ops[k])
      {
        if (lower_ident_decl (c->a) == d && lower_ident_decl (c->b) != d)
          {
            *cmp = ops[k], *bound = c->b;
            return TRUE;
          }
        if (lower_ident_decl (c->b) == d && lower_ident_decl (c->a) != d)
          {
            *cmp = flipped[k], *bound = c->a;
            return TRUE;
          }
      }
  return FALSE;
}

static gboolean counted_core (CountedLoop *out, gint64 init_off, gboolean reads);

static CVisitResult
names_var (CExpr *e, gpointer d)
{
  return e->kind == C_EXPR_IDENT && e->decl == d ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

gboolean
lower_expr_names (CExpr *e, CDecl *d)
{
  return c_visit_expr (&(CVisitor) { .expr = names_var, .data = d }, e);
}

/* At most this many statements stand between a loop with no init of its own and the
 * statement that sets its index (`int i = 0; ctxs = xmalloc (n); while (i < n)`). */
#define MAX_INIT_GAP 8

/* The index and its initial value that statement S sets: `int i = A;` (one of the
 * declared variables with an initialiser: the K-th such), `i = A;`; FALSE otherwise. */
static gboolean
init_form (CStmt *s, guint k, CDecl **index, CExpr **init)
{
  if (s->kind == C_STMT_DECL && s->items)
    {
      for (guint j = 0; j < s->items->len; j++)
        {
          CDecl *d = g_ptr_array_index (s->items, j);
          if (d->init && d->init->expr && k-- == 0)
            {
              *index = d, *init = d->init->expr;
              return TRUE;
            }
        }
      return FALSE;
    }
  CExpr *e = s->kind == C_STMT_EXPR && s->expr ? c_peel (s->expr) : NULL;
  if (k > 0 || !e || e->kind != C_EXPR_ASSIGN || e->op != C_OP_ASSIGN)
    return FALSE;
  *index = lower_ident_decl (c_peel (e)->a), *init = c_peel (e)->b;
  return *index != NULL;
}

/* ITEMS[I] as a counted loop: a for loop with its init; a while loop, or a for loop
 * with no init, takes it from the statement before it, or from one further up when the
 * statements between neither assign the index nor take its address nor hold a label
 * and the init is a constant (the statements between could change what it reads). */
static gboolean
counted_form (GPtrArray *items, guint i, CountedLoop *out, gboolean guarded, gboolean reads)
{
  CStmt *s = g_ptr_array_index (items, i);
  *out = (CountedLoop) { .stmt = s, .body = s->body, .at = i };
  CExpr *t = guarded && s->expr ? c_peel (s->expr) : NULL;
  if (guarded && !(t && t->kind == C_EXPR_BINARY && t->op == C_OP_AND))
    return FALSE;
  if (guarded)
    out->guard = t->b;
  if ((s->kind != C_STMT_FOR && s->kind != C_STMT_WHILE) || !s->expr)
    return FALSE;
  if (s->kind == C_STMT_FOR && s->init)
    return init_form (s->init, 0, &out->index, &out->init) && out->init && counted_core (out, 0, reads);
  for (guint at = i; at-- > 0 && at + MAX_INIT_GAP >= i;)
    for (guint k = 0; init_form (g_ptr_array_index (items, at), k, &out->index, &out->init); k++)
      {
        gint64 c;
        CountedLoop try = *out;
        try.at = at;
        if (!out->init || !counted_core (&try, 0, reads))
          continue;
        /* the index read by the test: the statements between must keep it and the init */
        if (at + 1 < i && !c_const_int (out->init, &c))
          return FALSE;
        for (guint m = at + 1; m < i; m++)
          if (lower_stmt_touches (g_ptr_array_index (items, m), out->index))
            return FALSE;
        *out = try;
        return TRUE;
      }
  return FALSE;
}

guint
lower_counted_first (const CountedLoop *cl, guint i)
{
  return cl->at + 1 == i ? i - 1 : i;
}

gboolean
lower_counted_form (GPtrArray *items, guint i, CountedLoop *out)
{
  return counted_form (items, i, out, FALSE, FALSE);
}

gboolean
lower_counted_form_reads (GPtrArray *items, guint i, CountedLoop *out)
{
  return counted_form (items, i, out, FALSE, TRUE);
}

gboolean
lower_counted_guarded (GPtrArray *items, guint i, CountedLoop *out)
{
  return counted_form (items, i, out, TRUE, FALSE);
}

/* ITEMS[I], a loop with no init of its own (`while (i-- > 0)`, `for (; i < n; i++)`)
 * right after counted loop PREV on the same index, as a counted loop: its index starts
 * where PREV left it. That is PREV's upper end when PREV counts up from 0 (by `<`,
 * `<=` or `!=`) and nothing leaves it early (the caller's business): it stops at
 * max (0, hi), and [0, max (0, hi)) holds the values PREV's range [0, hi) holds. */
gboolean
lower_counted_after (GPtrArray *items, guint i, const CountedLoop *prev, CountedLoop *out)
{
  CStmt *s = g_ptr_array_index (items, i);
  if (i == 0 || g_ptr_array_index (items, i - 1) != prev->stmt || prev->step != 1 || prev->lo.e || prev->lo.off != 0
      || !(prev->cmp == C_OP_LT || prev->cmp == C_OP_LE || prev->cmp == C_OP_NE) || !prev->hi.e
      || !s->expr || (s->kind != C_STMT_WHILE && !(s->kind == C_STMT_FOR && !s->init)))
    return FALSE;
  *out = (CountedLoop) { .stmt = s, .body = s->body, .at = i, .index = prev->index, .init = prev->hi.e };
  return counted_core (out, prev->hi.off, FALSE);
}

/* The rest of a counted loop's reading, once OUT's stmt, body, index and init are
 * known (the init's value plus INIT_OFF). */
static gboolean
counted_core (CountedLoop *out, gint64 init_off, gboolean reads)
{
  CStmt *s = out->stmt;
  if (!out->index || out->index->kind != C_DECL_VAR || c_is_static_object (out->index))
    return FALSE;
  /* the index values the body sees are those the test let through, shifted by the
   * step when it comes first: `i-- > B` (and `while (i--)`, `i-- != B`), or a while
   * body that begins with its step; `--i > B` tests the stepped value */
  gint shift = 0, pre = 0;
  CExpr *test = out->guard ? c_peel (s->expr)->a : s->expr;
  CExpr *c = c_peel (test);
  CExpr *lhs = c && c->kind == C_EXPR_BINARY ? c_peel (c->a) : c;
  if (lhs && lhs->kind == C_EXPR_UNARY && (lhs->op == C_OP_POSTDEC || lhs->op == C_OP_PREDEC)
      && lower_ident_decl (lhs->a) == out->index)
    {
      out->step = -1;
      if (lhs == c)
        out->cmp = C_OP_NE, out->bound = NULL;   /* while (i--): i-- != 0 */
      else if (c->op == C_OP_GT || c->op == C_OP_GE || c->op == C_OP_NE)
        {
          out->cmp = c->op, out->bound = c->b;
        }
      else
        return FALSE;
      if (lhs->op == C_OP_POSTDEC)
        shift = -1;
      else
        pre = -1;
      if (s->kind == C_STMT_FOR && s->expr2)
        return FALSE;
    }
  else
    {
      if (!index_cmp (test, out->index, &out->cmp, &out->bound))
        return FALSE;
      if (s->kind == C_STMT_FOR)
        out->step = s->expr2 ? step_of (s->expr2, out->index) : 0;
      else if (s->body && s->body->kind == C_STMT_EXPR && step_of (s->body->expr, out->index))
        out->step_stmt = s->body, out->step = step_of (s->body->expr, out->index);  /* `while (...) i++;` */
      else if (s->body && s->body->kind == C_STMT_COMPOUND && s->body->items && s->body->items->len > 0)
        {
          GPtrArray *b = s->body->items;
          CStmt *last = g_ptr_array_index (b, b->len - 1), *first = g_ptr_array_index (b, 0);
          gint ls = last->kind == C_STMT_EXPR ? step_of (last->expr, out->index) : 0;
          gint fs = first->kind == C_STMT_EXPR ? step_of (first->expr, out->index) : 0;
          if (ls)
            out->step_stmt = last, out->step = ls;
          else if (fs)
            out->step_stmt = first, out->step = fs, shift = fs;
        }
      if (s->kind == C_STMT_WHILE && !out->step_stmt)
        {
          /* the step inside the first statement: the slot it indexes is the value
           * before a post-step, after a pre-step */
          CExpr *st = embedded_step (s->body);
          gint es = st ? step_of (st, out->index) : 0;
          if (es)
            {
              out->step_expr = st, out->step = es;
              if (st->op == C_OP_PREINC || st->op == C_OP_PREDEC)
                shift = es;
            }
        }
      /* counting up towards an upper bound, or down towards a lower one */
      gboolean up = out->cmp == C_OP_LT || out->cmp == C_OP_LE || out->cmp == C_OP_NE;
      gboolean down = out->cmp == C_OP_GT || out->cmp == C_OP_GE || out->cmp == C_OP_NE;
      if (!((out->step == 1 && up) || (out->step == -1 && down)))
        return FALSE;
    }
  /* the ends are fixed: neither names the index (READS: the caller vouches for what
   * they read through pointers) */
  g_autoptr (GPtrArray) ends = g_ptr_array_new ();
  if (reads)
    {
      if (lower_expr_names (out->init, out->index) || (out->bound && lower_expr_names (out->bound, out->index)))
        return FALSE;
    }
  else if (!lower_value_vars (out->init, ends) || (out->bound && !lower_value_vars (out->bound, ends))
           || g_ptr_array_find (ends, out->index, NULL))
    return FALSE;
  /* the values the test lets through, [lo, hi), then shifted */
  if (out->step == 1)
    {
      out->lo = endpoint (out->init, pre + init_off);
      out->hi = endpoint (out->bound, out->cmp == C_OP_LE ? 1 : 0);
    }
  else
    {
      out->hi = endpoint (out->init, pre + 1 + init_off);
      out->lo = endpoint (out->bound, out->cmp == C_OP_GE ? 0 : 1);
    }
  out->lo.off += shift, out->hi.off += shift;
  return TRUE;
}


/* The variables expression E reads, appended to OUT; FALSE when E is not made only
 * of constants, variables, members of them, casts, sizeof and arithmetic. */
gboolean
lower_value_vars (CExpr *e, GPtrArray *out)
{
  e = c_peel (e);
  if (!e)
    return FALSE;
  switch (e->kind)
    {
    case C_EXPR_INT: case C_EXPR_CHAR: case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF:
      return TRUE;
    case C_EXPR_IDENT:
      if (!e->decl || (e->decl->kind != C_DECL_VAR && e->decl->kind != C_DECL_PARAM
                       && e->decl->kind != C_DECL_ENUMERATOR))
        return FALSE;
      if (e->decl->kind != C_DECL_ENUMERATOR && !g_ptr_array_find (out, e->decl, NULL))
        g_ptr_array_add (out, e->decl);
      return TRUE;
    case C_EXPR_MEMBER:
      return !e->arrow && lower_value_vars (e->a, out);
    case C_EXPR_CAST:
      return lower_value_vars (e->a, out);
    case C_EXPR_UNARY:
      return (e->op == C_OP_NEG || e->op == C_OP_PLUS || e->op == C_OP_BITNOT) && lower_value_vars (e->a, out);
    case C_EXPR_BINARY:
      return e->op != C_OP_AND && e->op != C_OP_OR && lower_value_vars (e->a, out) && lower_value_vars (e->b, out);
    default:
      return FALSE;
    }
}

gboolean
lower_same_text (CExpr *a, CExpr *b)
{
  g_autoptr (GString) ta = g_string_new (NULL);
  g_autoptr (GString) tb = g_string_new (NULL);
  c_expr_text (a, ta);
  c_expr_text (b, tb);
  return strcmp (ta->str, tb->str) == 0;
}

/* CONTINUE statements of S that go to S's own loop (not to one inside it). */
static CVisitResult
own_continue (CStmt *s, gpointer data)
{
  (void) data;
  if (s->kind == C_STMT_CONTINUE)
    return C_VISIT_STOP;
  if (s->kind == C_STMT_FOR || s->kind == C_STMT_WHILE || s->kind == C_STMT_DO)
    return C_VISIT_SKIP;
  return C_VISIT_CONTINUE;
}

/* The rank of integer type T for the wrap-round argument below: 1 for int, 2 for
 * long and long long, 0 for anything else; *UNSIGNED_ set for unsigned types. */
static gint
int_rank (Lower *L, CType *t, gboolean *unsigned_)
{
  t = strip (L, t);
  *unsigned_ = FALSE;
  if (!t || t->kind != C_TYPE_BASIC)
    return 0;
  switch (t->basic)
    {
    case C_BASIC_UINT: *unsigned_ = TRUE; /* fall through */
    case C_BASIC_INT: return 1;
    case C_BASIC_ULONG: case C_BASIC_ULLONG: *unsigned_ = TRUE; /* fall through */
    case C_BASIC_LONG: case C_BASIC_LLONG: return 2;
    default: return 0;
    }
}

/* The index of loop S when every pass through S's body, in one run of S, sees a value
 * of it that no other pass of that run sees; else NULL. That holds when the index is
 * a local of type int or wider whose address the function never takes, the body never
 * changes it but by one step of +1 or -1 per pass (the for loop's step, a while body's
 * first statement, or its last with no `continue`, or the test: `i-- > B`, `while
 * (i--)`), and the test stops it before it wraps round: counting up while `i < B` (or
 * `<=`, `!=`), down while `i > B` (or `>=`, `!=`); for an unsigned index never `<=` or
 * `>=` (`i <= UINT_MAX` always holds) and a bound no wider than the index. A signed
 * index that would overflow is undefined behaviour (assumption 1). */
CDecl *
lower_distinct_index (Lower *L, CStmt *s)
{
  if ((s->kind != C_STMT_FOR && s->kind != C_STMT_WHILE) || !s->expr || !s->body)
    return NULL;
  CExpr *c = c_peel (s->expr);
  CExpr *lhs = c && c->kind == C_EXPR_BINARY ? c_peel (c->a) : c;
  CDecl *d = NULL;
  CExpr *bound = NULL;
  COp cmp = C_OP_NE;
  gint step = 0;
  CStmt *step_stmt = NULL;
  gboolean in_test = lhs && lhs->kind == C_EXPR_UNARY
                     && (lhs->op == C_OP_POSTDEC || lhs->op == C_OP_PREDEC || lhs->op == C_OP_POSTINC
                         || lhs->op == C_OP_PREINC)
                     && lower_ident_decl (lhs->a);
  if (in_test)
    {
      /* i-- > B, --i >= B, ++i < B, while (i--) */
      d = lower_ident_decl (lhs->a);
      step = lhs->op == C_OP_POSTINC || lhs->op == C_OP_PREINC ? 1 : -1;
      if (lhs == c)
        {
          if (step != -1)
            return NULL;
        }
      else
        {
          cmp = c->op, bound = c->b;
          if (lower_expr_touches (bound, d))
            return NULL;
        }
      if (s->kind == C_STMT_FOR && s->expr2)
        return NULL;
      if (lower_stmt_touches (s->body, d))
        return NULL;
    }
  else
    {
      if (s->kind == C_STMT_FOR)
        {
          CExpr *st = c_peel (s->expr2);
          d = st && (st->kind == C_EXPR_UNARY || st->kind == C_EXPR_ASSIGN) ? lower_ident_decl (st->a) : NULL;
          step = step_of (st, d);
          if (!step || lower_stmt_touches (s->body, d))
            return NULL;
        }
      else
        {
          GPtrArray *b = s->body->kind == C_STMT_COMPOUND ? s->body->items : NULL;
          if (!b || b->len == 0)
            return NULL;
          CStmt *first = g_ptr_array_index (b, 0), *last = g_ptr_array_index (b, b->len - 1);
          for (guint k = 0; k < 2 && !step; k++)
            {
              CStmt *cand = k == 0 ? last : first;
              CExpr *st = cand->kind == C_STMT_EXPR ? c_peel (cand->expr) : NULL;
              d = st && (st->kind == C_EXPR_UNARY || st->kind == C_EXPR_ASSIGN) ? lower_ident_decl (st->a) : NULL;
              step = step_of (st, d);
              step_stmt = step ? cand : NULL;
            }
          if (!step)
            return NULL;
          for (guint k = 0; k < b->len; k++)
            if (g_ptr_array_index (b, k) != step_stmt && lower_stmt_touches (g_ptr_array_index (b, k), d))
              return NULL;
          /* a continue would skip a last step: the next pass sees the same value */
          CVisitor v = { .stmt = own_continue };
          if (step_stmt == last && step_stmt != first && c_visit_stmt (&v, s->body))
            return NULL;
        }
      if (!index_cmp (s->expr, d, &cmp, &bound) || lower_expr_touches (s->expr, d))
        return NULL;
    }
  if (!d || (d->kind != C_DECL_VAR && d->kind != C_DECL_PARAM) || c_is_static_object (d))
    return NULL;
  gboolean up = cmp == C_OP_LT || cmp == C_OP_LE || cmp == C_OP_NE;
  gboolean down = cmp == C_OP_GT || cmp == C_OP_GE || cmp == C_OP_NE;
  if (!((step == 1 && up) || (step == -1 && down)))
    return NULL;
  gboolean uns = FALSE, bound_uns = FALSE;
  gint rank = int_rank (L, d->type, &uns);
  if (rank == 0)
    return NULL;
  if (uns)
    {
      if (cmp == C_OP_LE || cmp == C_OP_GE)
        return NULL;
      if (bound && int_rank (L, type_of (L, bound), &bound_uns) > rank)
        return NULL;
    }
  CDecl *fn = cur_fn (L);
  if (fn && fn->body && lower_body_takes_addr (L, fn->body, d))
    return NULL;
  return d;
}

static gboolean index_max (Lower *L, CStmt *loop, CDecl *d, Endpoint *max, gboolean pass);

gboolean
lower_index_nonneg (Lower *L, CStmt *loop, CDecl *d)
{
  if (!d)
    return FALSE;
  if (lower_int_type (L, d->type) && !lower_int_is_signed (L, d->type))
    return TRUE;
  CDecl *index = NULL;
  CExpr *init = NULL;
  gint64 c;
  return loop && loop->kind == C_STMT_FOR && loop->init && init_form (loop->init, 0, &index, &init) && index == d
         && init && c_const_int (init, &c) && c >= 0 && loop->expr2 && step_of (loop->expr2, d) == 1;
}

gboolean
lower_index_max (Lower *L, CStmt *loop, CDecl *d, Endpoint *max)
{
  return index_max (L, loop, d, max, FALSE);
}

gboolean
lower_index_max_pass (Lower *L, CStmt *loop, CDecl *d, Endpoint *max)
{
  return index_max (L, loop, d, max, TRUE);
}

static gboolean
index_max (Lower *L, CStmt *loop, CDecl *d, Endpoint *max, gboolean pass)
{
  CExpr *c = loop && d ? c_peel (loop->expr) : NULL;
  if (!c || c->kind != C_EXPR_BINARY || !loop->body)
    return FALSE;
  /* the body sees the tested value: a for loop's step in its header, a while loop's
   * last in its body */
  if (loop->kind == C_STMT_FOR ? !(loop->expr2 && step_of (c_peel (loop->expr2), d))
      : !(loop->kind == C_STMT_WHILE && loop->body->kind == C_STMT_COMPOUND && loop->body->items
          && loop->body->items->len > 0
          && ((CStmt *) g_ptr_array_index (loop->body->items, loop->body->items->len - 1))->kind == C_STMT_EXPR
          && step_of (c_peel (((CStmt *) g_ptr_array_index (loop->body->items, loop->body->items->len - 1))->expr), d)))
    return FALSE;
  COp cmp;
  CExpr *bound;
  if (!index_cmp (c, d, &cmp, &bound) || (cmp != C_OP_LT && cmp != C_OP_LE))
    return FALSE;
  /* the bound keeps its value while threads run: constants, globals fixed then (PASS:
   * or variables with one value in every pass of the loop) */
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  if (!lower_value_vars (bound, vars))
    return FALSE;
  for (guint i = 0; i < vars->len; i++)
    if (!g_hash_table_contains (L->pre.stable, g_ptr_array_index (vars, i))
        && !(pass && lower_elems_fixed_var (L, g_ptr_array_index (vars, i), loop->body)))
      return FALSE;
  *max = endpoint (bound, cmp == C_OP_LT ? -1 : 0);
  return TRUE;
}
