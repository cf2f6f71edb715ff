/* rf-c-lower-split: branches correlated by a local that does not change.
 *
 * Approach. Data is abstracted, so each branch goes both ways on its own, and
 *   if (use_lock) pthread_mutex_lock (&m);  ...  if (use_lock) pthread_mutex_unlock (&m);
 * has a run that locks and never unlocks, and one that touches the data unlocked. But
 * when the condition C of a block's `if` is made only of constants and of locals (or
 * parameters) whose address is never taken and that the rest of the block never
 * changes, C has the same truth at every later test of it in the block. The rest of the
 * block is then lowered twice: once where C held, where every later test of C goes the
 * true way, and once where it did not (facts, consulted by lower_cond). Likewise
 * `x = E;` (or `T x = E;`) whose zero-ness the rest of the block tests (`if (x == 0)`,
 * `if (rc)`, `if (!locked)`): E is lowered as a condition (so a trylock's success, or a
 * helper's result, decides), and the rest once where x is 0 and once where it is not.
 * Each copy keeps exactly the runs of the original where C has that truth, so the two
 * keep every run. A split happens only when a later condition tests C again and some
 * branch a test of C chooses (or, for `x = E`, E itself) synchronises (a lock, wait,
 * post, atomic operation or value variable: without any, which branches run together
 * changes no race, since every access is reached either way), not in a block that starts or joins threads, directly
 * or through the functions it calls (the plans for join loops are made once per
 * block, rf-c-lower-joinall.c), nor when
 * the rest holds a label (lowering it twice would merge its gotos); a copy may split
 * again, up to MAX_SPLITS open splits (2^MAX_SPLITS copies of the innermost code). */
#include "rf-c-lower-private.h"

#include <string.h>

/* The most splits open at once (a tuning constant: each doubles what follows). */
#define MAX_SPLITS 4

/* Fact: on the path being lowered, condition cond has truth truth; or (cond NULL)
 * local zero_of is 0 (truth TRUE) or not. */
typedef struct {
  CExpr *cond;
  CDecl *zero_of;
  gboolean truth;
} Fact;

/* A and B are the same condition: the same tree of operators, constants and variables. */
static gboolean
same_cond (CExpr *a, CExpr *b)
{
  a = c_peel (a), b = c_peel (b);
  if (!a || !b)
    return a == b;
  gint64 x, y;
  if (c_const_int (a, &x) && c_const_int (b, &y))
    return x == y;
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case C_EXPR_IDENT:
      return a->decl && a->decl == b->decl;
    case C_EXPR_MEMBER:
      return !a->arrow && !b->arrow && g_strcmp0 (a->text, b->text) == 0 && same_cond (a->a, b->a);
    case C_EXPR_UNARY:
      return a->op == b->op && same_cond (a->a, b->a);
    case C_EXPR_BINARY:
      return a->op == b->op && same_cond (a->a, b->a) && same_cond (a->b, b->b);
    default:
      return FALSE;
    }
}

/* E without its leading `!`s; *NEG flips with each. */
static CExpr *
strip_not (CExpr *e, gboolean *neg)
{
  e = c_peel (e);
  while (e && e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    {
      *neg = !*neg;
      e = c_peel (e->a);
    }
  return e;
}

/* The local whose zero-ness test E is (`x`, `x == 0`, `x != 0`, `0 == x`), with *ZERO
 * TRUE when E holds exactly when x is 0. */
static CDecl *
zero_test (CExpr *e, gboolean *zero)
{
  e = c_peel (e);
  if (e && e->kind == C_EXPR_IDENT)
    return (*zero = FALSE), e->decl;
  gint64 k;
  if (!e || e->kind != C_EXPR_BINARY || (e->op != C_OP_EQ && e->op != C_OP_NE))
    return NULL;
  CExpr *x = c_const_int (e->b, &k) && k == 0 ? c_peel (e->a) : c_const_int (e->a, &k) && k == 0 ? c_peel (e->b) : NULL;
  if (!x || x->kind != C_EXPR_IDENT)
    return NULL;
  *zero = e->op == C_OP_EQ;
  return x->decl;
}

gboolean
lower_split_decides (Lower *L, CExpr *e, gboolean *truth)
{
  if (!L->facts || L->facts->len == 0)
    return FALSE;
  gboolean zero;
  CDecl *z = zero_test (e, &zero);
  for (guint i = L->facts->len; i-- > 0;)
    {
      const Fact *f = &g_array_index (L->facts, Fact, i);
      if (f->cond && same_cond (f->cond, e))
        return (*truth = f->truth), TRUE;
      if (!f->cond && z && z == f->zero_of)
        return (*truth = zero == f->truth), TRUE;
    }
  return FALSE;
}

/* D is a local (or parameter) no pointer reaches: only its own statements change it. */
static gboolean
private_local (Lower *L, CDecl *d)
{
  return d && (d->kind == C_DECL_VAR || d->kind == C_DECL_PARAM) && !c_is_static_object (d) && !d->thread_local
         && !g_hash_table_contains (L->pre.escaped, d);
}

/* Search: a walk of the rest of a block for a condition that tests cond (or local
 * zero_of), and for a call that starts or joins threads, directly or through the
 * functions it calls (threads; seen: the functions looked into). */
typedef struct {
  Lower *L;
  CExpr *cond;
  CDecl *zero_of;
  guint found;      /* the tests of cond met */
  gboolean threads;
  GHashTable *seen;
  gboolean sync;    /* a branch a test of cond leads to synchronises (a lock, wait, post
                     * or atomic operation, a value variable: rf-c-lower-values.c),
                     * directly or in a function it calls */
  gboolean counting;/* the walk is in such a branch: it counts synchronisations */
} Search;

static gboolean syncs (Lower *L, CStmt *st, CExpr *e);

/* NAME's effect is a synchronisation the branches of a split could tell apart. */
static gboolean
sync_call (const char *name)
{
  switch (lower_effect_of (name))
    {
    case RF_C_LIBC_LOCK: case RF_C_LIBC_UNLOCK: case RF_C_LIBC_TRYLOCK: case RF_C_LIBC_RDLOCK:
    case RF_C_LIBC_WRLOCK: case RF_C_LIBC_RWUNLOCK: case RF_C_LIBC_TRY_RDLOCK: case RF_C_LIBC_TRY_WRLOCK:
    case RF_C_LIBC_WAIT: case RF_C_LIBC_SIGNAL: case RF_C_LIBC_BROADCAST: case RF_C_LIBC_SEM_INIT:
    case RF_C_LIBC_SEM_POST: case RF_C_LIBC_SEM_WAIT: case RF_C_LIBC_SEM_TRYWAIT: case RF_C_LIBC_ONCE:
    case RF_C_LIBC_ATOMIC_LOAD: case RF_C_LIBC_ATOMIC_LOAD_GENERIC: case RF_C_LIBC_ATOMIC_STORE:
    case RF_C_LIBC_ATOMIC_STORE_GENERIC: case RF_C_LIBC_ATOMIC_RMW: case RF_C_LIBC_ATOMIC_BEGIN:
    case RF_C_LIBC_ATOMIC_END: case RF_C_LIBC_ASSUME: case RF_C_LIBC_NOSYNC:
      return TRUE;
    default:
      return g_str_has_prefix (name, "pthread_barrier") || g_str_has_prefix (name, "__VERIFIER_atomic_");
    }
}

static void search_cond (Search *s, CExpr *e);

static CVisitResult
search_expr (CExpr *e, gpointer data)
{
  Search *s = data;
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (n && (strcmp (n, "pthread_create") == 0 || strcmp (n, "pthread_join") == 0))
    {
      s->threads = TRUE;
      return C_VISIT_STOP;
    }
  if (s->counting && n && sync_call (n))
    s->sync = TRUE;
  if (s->counting && e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_VAR
      && lower_value_dom (s->L, e->decl))
    s->sync = TRUE;
  CDecl *fn = n ? lower_func_def (s->L, n) : NULL;
  if (fn && fn->body && !g_hash_table_contains (s->seen, fn))
    {
      g_hash_table_add (s->seen, fn);
      Search inner = { s->L, NULL, NULL, 0, FALSE, s->seen, FALSE, s->counting };
      CVisitor v = { .expr = search_expr, .data = &inner };
      c_visit_stmt (&v, fn->body);
      s->sync |= inner.sync;
      if (inner.threads)
        {
          s->threads = TRUE;
          return C_VISIT_STOP;
        }
    }
  if (e->kind == C_EXPR_BINARY && (e->op == C_OP_AND || e->op == C_OP_OR))
    search_cond (s, e->a), search_cond (s, e->b);
  else if (e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    search_cond (s, e->a);
  else if (e->kind == C_EXPR_COND)
    search_cond (s, e->a);
  return C_VISIT_CONTINUE;
}

/* E is a condition: it tests cond (or zero_of) itself. */
static void
search_cond (Search *s, CExpr *e)
{
  gboolean neg = FALSE, zero;
  CExpr *p = strip_not (e, &neg);
  if (p && ((s->cond && same_cond (p, s->cond)) || (s->zero_of && zero_test (p, &zero) == s->zero_of)))
    s->found++;
}

static CVisitResult
search_stmt (CStmt *st, gpointer data)
{
  Search *s = data;
  if (st->kind == C_STMT_IF || st->kind == C_STMT_WHILE || st->kind == C_STMT_DO || st->kind == C_STMT_FOR)
    {
      guint before = s->found;
      search_cond (s, st->expr);
      /* a test of cond: do the branches it chooses between synchronise? */
      if (s->found > before && !s->sync)
        s->sync = syncs (s->L, st->body, NULL) || syncs (s->L, st->else_body, NULL);
    }
  return C_VISIT_CONTINUE;
}

/* Statement ST (or expression E) synchronises, directly or in a function it calls. */
static gboolean
syncs (Lower *L, CStmt *st, CExpr *e)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  Search s = { L, NULL, NULL, 0, FALSE, seen, FALSE, TRUE };
  CVisitor v = { .expr = search_expr, .data = &s };
  if (st)
    c_visit_stmt (&v, st);
  else if (e)
    c_visit_expr (&v, e);
  return s.sync;
}

/* Lowers ITEMS[FROM..] of BLOCK under FACT, then goes to OUT. */
static void
lower_rest (Lower *L, CStmt *block, guint from, Fact fact, guint out)
{
  g_array_append_val (L->facts, fact);
  for (guint k = from; k < block->items->len; k++)
    {
      if (lower_split_block (L, block, k))
        break;
      lower_stmt (L, g_ptr_array_index (block->items, k));
    }
  g_array_set_size (L->facts, L->facts->len - 1);
  lower_edge (L, L->cur, out, RF_OP_SKIP, -1, -1, block->end, NULL);
}

/* The two copies: from node T the first statement's then-part THEN_S (or nothing) and
 * the rest under FACT_T, from F ELSE_S and the rest under FACT_F; the walk's fresh
 * objects as after either. */
static void
lower_copies (Lower *L, CStmt *block, guint i, guint t, CStmt *then_s, Fact fact_t, guint f, CStmt *else_s,
              Fact fact_f)
{
  guint out = lower_node (L, block->end);
  g_autoptr (GHashTable) before = lower_fresh_copy (L->priv.fresh);
  L->cur = t;
  lower_stmt (L, then_s);
  lower_rest (L, block, i + 1, fact_t, out);
  g_autoptr (GHashTable) first = lower_fresh_copy (L->priv.fresh);
  g_hash_table_unref (L->priv.fresh);
  L->priv.fresh = g_steal_pointer (&before);
  L->cur = f;
  lower_stmt (L, else_s);
  lower_rest (L, block, i + 1, fact_f, out);
  lower_fresh_meet (L, first);
  L->cur = out;
}

/* The region ITEMS[FROM..] of BLOCK: it changes none of VARS (nor holds a label), starts
 * or joins no thread, and tests COND (or local ZERO_OF) at least TESTS times in the
 * statements from FIRST_TEST on; and (or SYNC already) a branch of such a test
 * synchronises. */
static gboolean
region_ok (Lower *L, CStmt *block, guint from, guint first_test, GPtrArray *vars, CExpr *cond, CDecl *zero_of,
           gboolean sync, guint tests)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  Search s = { L, cond, zero_of, 0, FALSE, seen, FALSE, FALSE };
  CVisitor v = { .stmt = search_stmt, .expr = search_expr, .data = &s };
  for (guint k = from; k < block->items->len; k++)
    {
      CStmt *item = g_ptr_array_index (block->items, k);
      for (guint j = 0; j < vars->len; j++)
        if (lower_stmt_touches (item, g_ptr_array_index (vars, j)))
          return FALSE;
      guint before = s.found;
      c_visit_stmt (&v, item);
      if (k < first_test)
        s.found = before;
      if (s.threads)
        return FALSE;
    }
  return s.found >= tests && (s.sync || sync);
}

/* 1 + the index of BLOCK's last item that starts or joins threads, directly or through
 * the functions it calls (0: none); worked out once per block (L->split_threads), from
 * the last item back, so that a block of n items costs one walk, not n. */
static guint
threads_tail (Lower *L, CStmt *block)
{
  gpointer known;
  if (g_hash_table_lookup_extended (L->split_threads, block, NULL, &known))
    return GPOINTER_TO_UINT (known);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  Search th = { L, NULL, NULL, 0, FALSE, seen, FALSE, FALSE };
  CVisitor tv = { .expr = search_expr, .data = &th };
  guint tail = block->items->len;
  for (; tail > 0 && !th.threads; tail--)
    c_visit_stmt (&tv, g_ptr_array_index (block->items, tail - 1));
  if (th.threads)
    tail++;   /* the item that does: tail - 1 after the loop's last step */
  g_hash_table_insert (L->split_threads, block, GUINT_TO_POINTER (tail));
  return tail;
}

gboolean
lower_split_block (Lower *L, CStmt *block, guint i)
{
  if (L->quiet || !L->frame || !block->items || i >= block->items->len || (L->facts && L->facts->len >= MAX_SPLITS))
    return FALSE;
  if (!L->facts)
    L->facts = g_array_new (FALSE, FALSE, sizeof (Fact));
  CStmt *item = g_ptr_array_index (block->items, i);
  if (i < threads_tail (L, block))
    return FALSE;  /* the plans for creates and joins see each statement once */
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  gboolean neg = FALSE, truth;
  if (item->kind == C_STMT_IF)
    {
      /* `if (C) ...`: C of constants and private locals, tested again later */
      CExpr *c = strip_not (item->expr, &neg);
      if (!c || !lower_value_vars (c, vars) || vars->len == 0 || lower_split_decides (L, c, &truth))
        return FALSE;
      for (guint j = 0; j < vars->len; j++)
        if (!private_local (L, g_ptr_array_index (vars, j)))
          return FALSE;
      if (!region_ok (L, block, i, i + 1, vars, c, NULL, FALSE, 1))
        return FALSE;
      guint t = lower_node (L, item->body ? item->body->loc : item->loc);
      guint f = lower_node (L, item->else_body ? item->else_body->loc : item->loc);
      lower_cond (L, item->expr, t, f);
      lower_copies (L, block, i, t, item->body, (Fact) { c, NULL, !neg }, f, item->else_body, (Fact) { c, NULL, neg });
      return TRUE;
    }
  /* `x = E;` or `T x = E;`: x is non-zero exactly where E is true (when x's type holds
   * E's value), so E's branches (a trylock's outcome, a helper's result) decide x */
  CDecl *x = NULL;
  CExpr *val = NULL;
  if (item->kind == C_STMT_EXPR && item->expr && item->expr->kind == C_EXPR_ASSIGN && item->expr->op == C_OP_ASSIGN)
    {
      CExpr *a = c_peel (item->expr->a);
      x = a && a->kind == C_EXPR_IDENT ? a->decl : NULL;
      val = item->expr->b;
    }
  else if (item->kind == C_STMT_DECL && item->items && item->items->len == 1)
    {
      x = g_ptr_array_index (item->items, 0);
      val = x->kind == C_DECL_VAR && x->init ? x->init->expr : NULL;
    }
  CType *xt = x ? strip (L, x->type) : NULL;
  gboolean holds = xt && ((xt->kind == C_TYPE_BASIC && xt->basic == C_BASIC_BOOL)
                          || (lower_int_type (L, xt) && lower_int_preserves (L, xt, type_of (L, val))));
  if (!x || !val || !holds || !private_local (L, x))
    return FALSE;
  g_ptr_array_add (vars, x);
  /* E that synchronises (a trylock) correlates with one later test of x; else x is
   * only data, and two tests of it are needed for the split to tell anything */
  gboolean e_syncs = syncs (L, NULL, val);
  if (!region_ok (L, block, i + 1, i + 1, vars, NULL, x, e_syncs, e_syncs ? 1 : 2))
    return FALSE;
  guint nz = lower_node (L, item->loc), z = lower_node (L, item->loc);
  lower_cond (L, val, nz, z);
  lower_copies (L, block, i, z, NULL, (Fact) { NULL, x, TRUE }, nz, NULL, (Fact) { NULL, x, FALSE });
  return TRUE;
}
