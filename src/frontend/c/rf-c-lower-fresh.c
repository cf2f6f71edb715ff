/* rf-c-lower-fresh: heap objects private to a thread, and objects no other thread has yet.
 *
 * A heap object stays private to the thread that allocated it when the only pointer
 * to it ever made is a local pointer variable p that gets nothing but fresh
 * allocations (or null), and p is only dereferenced (*p, p->f, p[i]), compared, or
 * passed to a known libc or pthread function that keeps no copy (free, memset,
 * printf, pthread_mutex_lock (&p->m), ...; whose result, when it is a pointer, is not
 * used), or to a parameter of a function of the program that lets nothing it is given
 * out (param_keeps: the same reading of the parameter in the function's body). Any
 * other use of p -- stored, returned, passed to pthread_exit, to an atomic store, to
 * another function with a body or to pthread_create, &p anywhere, &p->f stored,
 * arithmetic -- may hand the object to another thread, and then p is "bad". An
 * allocation stored in a good p gives a private root: no access to it is shared, so
 * it gets no place. Fresh objects (below) are the flow-sensitive counterpart. */
#include "rf-c-lower-private.h"

#include <string.h>

static void priv_expr (Lower *L, CExpr *e, int ctx);

static CDecl *
priv_local (Lower *L, CExpr *e)
{
  e = c_peel (e);
  if (e && e->kind == C_EXPR_IDENT && e->decl && e->decl == L->priv.param)
    return e->decl;  /* the parameter param_keeps follows */
  if (!e || e->kind != C_EXPR_IDENT || !e->decl || e->decl->kind != C_DECL_VAR || c_is_static_object (e->decl))
    return NULL;
  return is_pointerish (L, e->decl->type) ? e->decl : NULL;
}

/* The value assigned to local pointer D (the right side of `d = V` or its initializer). */
static void
priv_define (Lower *L, CDecl *d, CExpr *v)
{
  CExpr *pv = c_peel (v);
  if (pv && pv->kind == C_EXPR_INT && strcmp (pv->text, "0") == 0)
    return;
  const char *n = pv && pv->kind == C_EXPR_CALL ? c_callee_name (pv) : NULL;
  if (n && lower_is_alloc (L, n))  /* a libc allocator or a wrapper (its own site) */
    {
      for (guint i = 0; pv->args && i < pv->args->len; i++)
        {
          CExpr *a = g_ptr_array_index (pv->args, i);
          /* p = realloc (p, n): the same object (or a new one) back in p */
          priv_expr (L, a, i == 0 && priv_local (L, a) == d ? PV_DISCARD : PV_VALUE);
        }
      g_hash_table_insert (L->priv.sites, pv, d);
      return;
    }
  g_hash_table_add (L->priv.bad, d);
  priv_expr (L, v, PV_VALUE);
}

static gboolean
priv_keeps_nothing (RfCLibcEffect k)
{
  switch (k)
    {
    case RF_C_LIBC_READS: case RF_C_LIBC_WRITE0: case RF_C_LIBC_WRITE0_ONLY: case RF_C_LIBC_SCANF:
    case RF_C_LIBC_SSCANF: case RF_C_LIBC_PURE: case RF_C_LIBC_DETACH: case RF_C_LIBC_DETACH_STATE: case RF_C_LIBC_FREE: case RF_C_LIBC_LOCK: case RF_C_LIBC_UNLOCK:
    case RF_C_LIBC_TRYLOCK: case RF_C_LIBC_TRY_RDLOCK: case RF_C_LIBC_TRY_WRLOCK: case RF_C_LIBC_WAIT:
    case RF_C_LIBC_SIGNAL: case RF_C_LIBC_BROADCAST: case RF_C_LIBC_SEM_INIT: case RF_C_LIBC_SEM_POST:
    case RF_C_LIBC_SEM_WAIT: case RF_C_LIBC_SEM_TRYWAIT: case RF_C_LIBC_SLEEP:
      return TRUE;
    default:
      return FALSE;
    }
}

static void priv_stmt (Lower *L, CStmt *s);

/* Parameter I of function F (with a body, not recursive, its address never taken)
 * lets nothing it is given out: it is a pointer never assigned nor its address taken,
 * and every use of it in F's body keeps the object in the call (dereferenced,
 * compared, passed to a libc function that keeps nothing or to a parameter of this
 * kind): the private-site analysis' reading of a good local, applied to the
 * parameter (priv.param). Memoised; a parameter being asked is taken to let out. */
static gboolean
param_keeps (Lower *L, CDecl *f, guint i)
{
  if (!f || !f->body || !f->params || i >= f->params->len || g_hash_table_contains (L->pre.recursive, f)
      || g_hash_table_contains (L->pre.addr_funcs, f))
    return FALSE;
  CDecl *q = g_ptr_array_index (f->params, i);
  if (!is_pointerish (L, q->type) || g_hash_table_contains (L->pre.assigned, q) || g_hash_table_contains (L->pre.escaped, q))
    return FALSE;
  gpointer known = g_hash_table_lookup (L->priv.param_ok, q);
  if (known)
    return GPOINTER_TO_INT (known) == 1;
  g_hash_table_insert (L->priv.param_ok, q, GINT_TO_POINTER (2));
  /* the walk's own state, apart from the analysis' */
  LowerPrivate saved = L->priv;
  L->priv.bad = g_hash_table_new (NULL, NULL);
  L->priv.sites = g_hash_table_new (NULL, NULL);
  L->priv.ptr_addr = g_hash_table_new (NULL, NULL);
  L->priv.all_bad = FALSE;
  L->priv.param = q;
  priv_stmt (L, f->body);
  gboolean ok = !L->priv.all_bad && !g_hash_table_contains (L->priv.bad, q);
  g_hash_table_unref (L->priv.bad);
  g_hash_table_unref (L->priv.sites);
  g_hash_table_unref (L->priv.ptr_addr);
  saved.param_ok = L->priv.param_ok;
  L->priv = saved;
  g_hash_table_insert (L->priv.param_ok, q, GINT_TO_POINTER (ok ? 1 : 2));
  return ok;
}

static void
priv_expr (Lower *L, CExpr *e, int ctx)
{
  if (!e)
    return;
  CType *t = strip (L, type_of (L, e));
  /* a subobject array used as a value decays to a pointer into the object */
  if (ctx == PV_VALUE && t && t->kind == C_TYPE_ARRAY
      && (e->kind == C_EXPR_MEMBER || e->kind == C_EXPR_INDEX || (e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF)))
    ctx = PV_ESCAPE_LV;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      {
        CDecl *d = priv_local (L, e);
        if (d && (ctx == PV_VALUE || ctx == PV_ESCAPE_LV))
          g_hash_table_add (L->priv.bad, d);
      }
      return;
    case C_EXPR_CAST:
      priv_expr (L, e->a, ctx);
      return;
    case C_EXPR_UNARY:
      switch (e->op)
        {
        case C_OP_DEREF:
          priv_expr (L, e->a, ctx == PV_ESCAPE_LV ? PV_VALUE : PV_DEREF);
          return;
        case C_OP_ADDR:
          /* &p: p's value can be read (or written) through it anywhere */
          if (priv_local (L, e->a))
            {
              g_hash_table_add (L->priv.bad, priv_local (L, e->a));
              g_hash_table_add (L->priv.ptr_addr, priv_local (L, e->a));
            }
          priv_expr (L, e->a, ctx == PV_DEREF || ctx == PV_DISCARD || ctx == PV_TEST ? PV_DEREF : PV_ESCAPE_LV);
          return;
        case C_OP_NOT:
          priv_expr (L, e->a, PV_TEST);
          return;
        case C_OP_PREINC: case C_OP_PREDEC: case C_OP_POSTINC: case C_OP_POSTDEC:
          if (priv_local (L, e->a))
            g_hash_table_add (L->priv.bad, priv_local (L, e->a));
          priv_expr (L, e->a, PV_VALUE);
          return;
        default:
          priv_expr (L, e->a, PV_VALUE);
          return;
        }
    case C_EXPR_MEMBER:
      priv_expr (L, e->a, e->arrow ? (ctx == PV_ESCAPE_LV ? PV_VALUE : PV_DEREF) : ctx == PV_ESCAPE_LV ? PV_ESCAPE_LV : PV_DEREF);
      return;
    case C_EXPR_INDEX:
      {
        CType *bt = strip (L, type_of (L, e->a));
        gboolean ptr = bt && bt->kind != C_TYPE_ARRAY;
        priv_expr (L, e->a, ctx == PV_ESCAPE_LV ? (ptr ? PV_VALUE : PV_ESCAPE_LV) : PV_DEREF);
        priv_expr (L, e->b, PV_VALUE);
      }
      return;
    case C_EXPR_BINARY:
      {
        gboolean test = e->op == C_OP_EQ || e->op == C_OP_NE || e->op == C_OP_LT || e->op == C_OP_GT
                        || e->op == C_OP_LE || e->op == C_OP_GE || e->op == C_OP_AND || e->op == C_OP_OR;
        priv_expr (L, e->a, test ? PV_TEST : PV_VALUE);
        priv_expr (L, e->b, test ? PV_TEST : PV_VALUE);
      }
      return;
    case C_EXPR_ASSIGN:
      {
        CDecl *d = priv_local (L, e->a);
        if (d && e->op == C_OP_ASSIGN)
          priv_define (L, d, e->b);
        else
          {
            if (d)
              g_hash_table_add (L->priv.bad, d);
            priv_expr (L, e->a, PV_DEREF);
            priv_expr (L, e->b, PV_VALUE);
          }
        if (ctx != PV_DISCARD && ctx != PV_TEST && d)
          g_hash_table_add (L->priv.bad, d);   /* (p = malloc (n)) used as a value */
      }
      return;
    case C_EXPR_COMMA:
      priv_expr (L, e->a, PV_DISCARD);
      priv_expr (L, e->b, ctx);
      return;
    case C_EXPR_COND:
      priv_expr (L, e->a, PV_TEST);
      priv_expr (L, e->b, ctx == PV_DISCARD ? PV_DISCARD : PV_VALUE);
      priv_expr (L, e->c, ctx == PV_DISCARD ? PV_DISCARD : PV_VALUE);
      return;
    case C_EXPR_CALL:
      {
        const char *n = c_callee_name (e);
        gboolean known = n && !lower_func_def (L, n) && priv_keeps_nothing (lower_effect_of (n));
        /* a pointer result may be one of the arguments (strchr, memcpy) */
        CType *rt = strip (L, type_of (L, e));
        gboolean result_used = ctx != PV_DISCARD && rt && (rt->kind == C_TYPE_POINTER || rt->kind == C_TYPE_ARRAY);
        CExpr *f = c_peel (e->a);
        if (!(f && f->kind == C_EXPR_IDENT && f->decl && f->decl->kind == C_DECL_FUNC))
          priv_expr (L, e->a, PV_VALUE);
        CDecl *fn = n ? lower_func_def (L, n) : NULL;
        for (guint i = 0; e->args && i < e->args->len; i++)
          priv_expr (L, g_ptr_array_index (e->args, i),
                     (known && !result_used) || param_keeps (L, fn, i) ? PV_DEREF : PV_VALUE);
      }
      return;
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF: case C_EXPR_OFFSETOF: case C_EXPR_TYPES_COMPAT:
      return;
    default:
      /* statement expressions, compound literals, _Generic, va_arg, ...: every pointer
       * in them may go anywhere */
      priv_expr (L, e->a, PV_VALUE);
      priv_expr (L, e->b, PV_VALUE);
      priv_expr (L, e->c, PV_VALUE);
      for (guint i = 0; e->kind == C_EXPR_GENERIC && e->args && i < e->args->len; i++)
        priv_expr (L, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr, PV_VALUE);
      if (e->kind == C_EXPR_STMT_EXPR || e->kind == C_EXPR_COMPOUND_LIT)
        L->priv.all_bad = TRUE;
      return;
    }
}

static void
priv_init (Lower *L, CInit *in)
{
  if (!in)
    return;
  if (in->expr)
    priv_expr (L, in->expr, PV_VALUE);
  for (guint i = 0; in->items && i < in->items->len; i++)
    priv_init (L, ((CInitItem *) g_ptr_array_index (in->items, i))->init);
}

static CVisitResult
priv_stmt_parts (CStmt *s, gpointer data)
{
  Lower *L = data;
  switch (s->kind)
    {
    case C_STMT_EXPR:
      priv_expr (L, s->expr, PV_DISCARD);
      break;
    case C_STMT_IF: case C_STMT_WHILE: case C_STMT_DO:
      priv_expr (L, s->expr, PV_TEST);
      break;
    case C_STMT_FOR:
      priv_expr (L, s->expr, PV_TEST);
      priv_expr (L, s->expr2, PV_DISCARD);
      break;
    case C_STMT_SWITCH:
      priv_expr (L, s->expr, PV_TEST);
      break;
    case C_STMT_CASE:
      break;
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        {
          CDecl *d = g_ptr_array_index (s->items, i);
          if (d->kind != C_DECL_VAR || !d->init)
            continue;
          if (!c_is_static_object (d) && is_pointerish (L, d->type) && d->init->expr)
            priv_define (L, d, d->init->expr);
          else
            priv_init (L, d->init);
        }
      break;
    default:
      /* return, goto *p: values that leave */
      priv_expr (L, s->expr, PV_VALUE);
      priv_expr (L, s->expr2, PV_VALUE);
      break;
    }
  return C_VISIT_CONTINUE;
}

static void
priv_stmt (Lower *L, CStmt *s)
{
  CVisitor v = { .stmt = priv_stmt_parts, .no_exprs = TRUE, .data = L };
  c_visit_stmt (&v, s);
}

/* Marks the roots of the allocation sites whose objects stay private (see above). */
void
lower_private_sites (Lower *L)
{
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->in_system)
        continue;
      if (d->kind == C_DECL_FUNC && d->body)
        priv_stmt (L, d->body);
      else if (d->kind == C_DECL_VAR)
        priv_init (L, d->init);
    }
  if (L->priv.all_bad)
    return;
  GHashTableIter it;
  gpointer site, d;
  g_hash_table_iter_init (&it, L->priv.sites);
  while (g_hash_table_iter_next (&it, &site, &d))
    {
      RfCObj *r = lower_root_find (L, RF_C_OBJ_HEAP, site);
      if (r && !g_hash_table_contains (L->priv.bad, d))
        r->private_ = TRUE;
    }
}

/* Fresh objects. Right after `p = malloc (...)` (p a local pointer whose address is
 * never taken) the object is reachable only through p, in this thread, until p's value
 * leaves (any use that private_sites calls an escape: stored, passed on, &p->f kept,
 * ...) or p is assigned again. Accesses through p in that window touch an object no
 * other thread can have yet, so they are not shared (deref gives no place): the
 * common "allocate, fill in, then publish or hand to a new thread" needs no lock.
 * L->priv.fresh is the set of such p along the statement walk: a statement first drops
 * the pointers it lets escape, a `p = malloc` statement adds p; branches meet in the
 * intersection; a loop or switch drops every pointer its body assigns or lets escape,
 * at entry and at each iteration, and leaves the entry set behind; a label (a goto
 * may arrive from anywhere) empties the set. The same must-set holds the local
 * attributes set detached (rf-c-lower-detach.c: lower_detach_gen, lower_detach_touched). */

/* The local pointers that statement/expression code assigns or lets escape. */
static GHashTable *
fresh_touched (Lower *L, CStmt *s, CExpr *e, int ctx)
{
  GHashTable *bad = L->priv.bad, *sites = L->priv.sites;
  gboolean all_bad = L->priv.all_bad;
  L->priv.bad = g_hash_table_new (NULL, NULL);
  L->priv.sites = g_hash_table_new (NULL, NULL);
  L->priv.all_bad = FALSE;
  if (s)
    priv_stmt (L, s);
  if (e)
    priv_expr (L, e, ctx);
  GHashTable *touched = L->priv.bad;
  GHashTableIter it;
  gpointer site, d;
  g_hash_table_iter_init (&it, L->priv.sites);
  while (g_hash_table_iter_next (&it, &site, &d))
    g_hash_table_add (touched, d);   /* assigned a new object: the old one may be out */
  if (L->priv.all_bad)
    g_hash_table_add (touched, touched);  /* marker: everything */
  lower_detach_touched (L, s, e, touched);  /* the detached attributes it may change */
  g_hash_table_unref (L->priv.sites);
  L->priv.bad = bad;
  L->priv.sites = sites;
  L->priv.all_bad = all_bad;
  return touched;
}

static void
fresh_drop (Lower *L, GHashTable *touched)
{
  if (g_hash_table_contains (touched, touched))
    {
      g_hash_table_remove_all (L->priv.fresh);
      return;
    }
  GHashTableIter it;
  gpointer d;
  g_hash_table_iter_init (&it, touched);
  while (g_hash_table_iter_next (&it, &d, NULL))
    g_hash_table_remove (L->priv.fresh, d);
}

/* Statement S assigns local pointer D or lets its value out (fresh_touched). */
gboolean
lower_fresh_touches (Lower *L, CStmt *s, CDecl *d)
{
  g_autoptr (GHashTable) touched = fresh_touched (L, s, NULL, 0);
  return g_hash_table_contains (touched, d) || g_hash_table_contains (touched, touched);
}

/* Drops the pointers statement S (or expression E, in context CTX) touches. */
void
lower_fresh_kill (Lower *L, CStmt *s, CExpr *e, int ctx)
{
  if (g_hash_table_size (L->priv.fresh) == 0)
    return;
  g_autoptr (GHashTable) touched = fresh_touched (L, s, e, ctx);
  fresh_drop (L, touched);
}

/* D, if `D = V` (or D's initializer V) stores a fresh object in a local pointer whose
 * address is never taken. */
static void
fresh_gen (Lower *L, CDecl *d, CExpr *v)
{
  CExpr *pv = c_peel (v);
  const char *n = pv && pv->kind == C_EXPR_CALL ? c_callee_name (pv) : NULL;
  gboolean fresh = lower_is_new_alloc (L, n);
  if (d && d->kind == C_DECL_VAR && !c_is_static_object (d) && is_pointerish (L, d->type)
      && !g_hash_table_contains (L->priv.ptr_addr, d) && fresh)
    g_hash_table_add (L->priv.fresh, d);
}

GHashTable *
lower_fresh_copy (GHashTable *set)
{
  GHashTable *c = g_hash_table_new (NULL, NULL);
  GHashTableIter it;
  gpointer d;
  g_hash_table_iter_init (&it, set);
  while (g_hash_table_iter_next (&it, &d, NULL))
    g_hash_table_add (c, d);
  return c;
}

/* L->priv.fresh = L->priv.fresh ∩ OTHER */
void
lower_fresh_meet (Lower *L, GHashTable *other)
{
  GHashTableIter it;
  gpointer d;
  g_hash_table_iter_init (&it, L->priv.fresh);
  while (g_hash_table_iter_next (&it, &d, NULL))
    if (!g_hash_table_contains (other, d))
      g_hash_table_iter_remove (&it);
}

/* `if ((p = malloc (n)) == NULL)`, `if (!(p = malloc (n)))`, `if (p = malloc (n))`:
 * after the test, p holds the fresh object on both branches. */
void
lower_fresh_gen_in_test (Lower *L, CExpr *cond)
{
  CExpr *c = c_peel (cond);
  while (c && c->kind == C_EXPR_UNARY && c->op == C_OP_NOT)
    c = c_peel (c->a);
  if (c && c->kind == C_EXPR_BINARY && (c->op == C_OP_EQ || c->op == C_OP_NE))
    {
      CExpr *a = c_peel (c->a), *b = c_peel (c->b);
      if (b && b->kind == C_EXPR_INT && strcmp (b->text, "0") == 0)
        c = a;
      else if (a && a->kind == C_EXPR_INT && strcmp (a->text, "0") == 0)
        c = b;
    }
  if (c && c->kind == C_EXPR_ASSIGN && c->op == C_OP_ASSIGN)
    {
      CExpr *lhs = c_peel (c->a);
      if (lhs && lhs->kind == C_EXPR_IDENT)
        fresh_gen (L, lhs->decl, c->b);
    }
}

/* After statement S: `p = malloc (...)`, `T *p = malloc (...)` make p fresh; an
 * attribute set detached joins the set too (rf-c-lower-detach.c). */
void
lower_fresh_gen_stmt (Lower *L, CStmt *s)
{
  if (s->kind == C_STMT_EXPR)
    {
      CExpr *e = c_peel (s->expr);
      if (e && e->kind == C_EXPR_ASSIGN && e->op == C_OP_ASSIGN)
        {
          CExpr *lhs = c_peel (e->a);
          if (lhs && lhs->kind == C_EXPR_IDENT)
            fresh_gen (L, lhs->decl, e->b);
        }
    }
  else if (s->kind == C_STMT_DECL)
    for (guint i = 0; s->items && i < s->items->len; i++)
      {
        CDecl *d = g_ptr_array_index (s->items, i);
        if (d->kind == C_DECL_VAR && d->init && d->init->expr)
          fresh_gen (L, d, d->init->expr);
      }
  lower_detach_gen (L, s);
}
