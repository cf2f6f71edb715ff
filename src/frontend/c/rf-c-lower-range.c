/* rf-c-lower-range: a thread's own range of an array, `for (int k = lo; k < hi; k++)
 * A[k]` with `lo = id * C` and `hi = lo + C`, in a thread given the index id.
 *
 * Approach. A parallel loop gives each thread a chunk of the array: every thread
 * computes lo and hi from its index and the same chunk size C, so the chunks of two
 * threads are disjoint: [id * C, id * C + C) and [id' * C, id' * C + C) share no value
 * when id != id' (no arithmetic wraps round: assumption 3). The representative argument
 * of rf-c-lower-elems.c then carries over from cells to chunks: a race on a cell of A
 * involves at most one access through a chunk (two chunks never meet), made by the
 * thread whose chunk holds the cell; the model picks that thread as the one given the
 * representative index (any thread may be picked: the model's choice is free), whose
 * chunk accesses are the location's, and skips the others' chunk accesses. Every other
 * access of A (main's, another index expression) is the location's in every thread, as
 * before.
 *
 * A chunk access is recognised when, in a thread given an index (a value split), K is
 * the index of a counted `for` loop that declares it (so that no access outside the
 * loop sees it) and that nothing but its own step changes, counting over [LO, HI) with
 *  - LO `id * C` or `C * id` (id the thread's index: its parameter or a copy, as
 *    rf-c-lower-elems.c says), maybe through a local initialised so and never
 *    assigned (`int lo = id * chunk;`);
 *  - HI `LO + C` (`lo + chunk`, `id * 4 + 4`) or `(id + 1) * C`;
 *  - C the same in every thread: constants and globals fixed while threads run
 *    (pre.stable), maybe through a local initialised so;
 * and every cast on the way keeps every value. */
#include "rf-c-lower-private.h"

#include <string.h>

#define RESOLVE_DEPTH 3  /* locals followed to their initialisers, at most */

/* E without the casts that keep every value of their operand (and __extension__). */
static CExpr *
strip_keeping (Lower *L, CExpr *e)
{
  while (e && ((e->kind == C_EXPR_UNARY && e->op == C_OP_EXTENSION)
               || (e->kind == C_EXPR_CAST && e->a && lower_int_preserves (L, e->type, type_of (L, e->a)))))
    e = e->a;
  return e;
}

/* E, or the initialiser of the local E names when that local is never assigned after
 * it nor has its address taken (a constant copy), followed DEPTH times at most. */
static CExpr *
resolve (Lower *L, CExpr *e, guint depth)
{
  e = strip_keeping (L, e);
  CDecl *d = e && e->kind == C_EXPR_IDENT ? e->decl : NULL;
  if (depth > 0 && d && d->kind == C_DECL_VAR && !d->file_scope && !c_is_static_object (d) && d->init
      && d->init->expr && !g_hash_table_contains (L->pre.assigned, d) && !g_hash_table_contains (L->pre.escaped, d))
    return resolve (L, d->init->expr, depth - 1);
  return e;
}

/* C has the same value in every thread: constants and globals fixed while threads
 * run, through constant local copies. */
static gboolean
same_everywhere (Lower *L, CExpr *c, guint depth)
{
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  if (!lower_value_vars (c, vars))
    return FALSE;
  for (guint i = 0; i < vars->len; i++)
    {
      CDecl *d = g_ptr_array_index (vars, i);
      if (g_hash_table_contains (L->pre.stable, d))
        continue;
      CExpr *r = resolve (L, &(CExpr) { .kind = C_EXPR_IDENT, .decl = d }, 1);
      if (depth == 0 || r->kind == C_EXPR_IDENT || !same_everywhere (L, r, depth - 1))
        return FALSE;
    }
  return TRUE;
}

/* E names the thread's index (a copy of it counts as it is: not resolved further). */
static gboolean
is_index (Lower *L, CExpr *e)
{
  for (guint depth = 0; depth <= RESOLVE_DEPTH && e; depth++)
    {
      e = strip_keeping (L, e);
      if (!e || e->kind != C_EXPR_IDENT)
        return FALSE;
      if (lower_thread_index_var (L, e->decl))
        return TRUE;
      CExpr *r = resolve (L, e, 1);
      if (r == e)
        return FALSE;
      e = r;
    }
  return FALSE;
}

/* E (resolved) is `id * C` or `C * id` with id the thread's index: C, else NULL. */
static CExpr *
index_times (Lower *L, CExpr *e)
{
  e = resolve (L, e, RESOLVE_DEPTH);
  if (!e || e->kind != C_EXPR_BINARY || e->op != C_OP_MUL)
    return NULL;
  if (is_index (L, e->a))
    return e->b;
  if (is_index (L, e->b))
    return e->a;
  return NULL;
}

/* [LO, HI) is the thread's chunk (see the approach). */
static gboolean
chunk (Lower *L, Endpoint lo, Endpoint hi)
{
  if (!lo.e || lo.off != 0 || !hi.e)
    return FALSE;
  CExpr *c = index_times (L, lo.e);
  if (!c || !same_everywhere (L, c, RESOLVE_DEPTH))
    return FALSE;
  CExpr *lo_r = resolve (L, lo.e, RESOLVE_DEPTH);
  CExpr *hi_r = resolve (L, hi.e, RESOLVE_DEPTH);
  gint64 k;
  /* a constant C folded into HI's offset: `id * 4 + 4` */
  if (hi.off != 0)
    return c_const_int (c, &k) && k == hi.off && lower_same_value (L, hi_r, lo_r, NULL);
  /* `LO + C` (either way round) */
  if (hi_r->kind == C_EXPR_BINARY && hi_r->op == C_OP_ADD)
    for (guint s = 0; s < 2; s++)
      {
        CExpr *x = s ? hi_r->b : hi_r->a, *y = s ? hi_r->a : hi_r->b;
        if (lower_same_value (L, resolve (L, x, RESOLVE_DEPTH), lo_r, NULL) && lower_same_value (L, y, c, NULL))
          return TRUE;
      }
  /* `(id + 1) * C` */
  if (hi_r->kind == C_EXPR_BINARY && hi_r->op == C_OP_MUL)
    for (guint s = 0; s < 2; s++)
      {
        CExpr *x = resolve (L, s ? hi_r->b : hi_r->a, RESOLVE_DEPTH), *y = s ? hi_r->a : hi_r->b;
        if (x && x->kind == C_EXPR_BINARY && x->op == C_OP_ADD && c_const_int (x->b, &k) && k == 1
            && is_index (L, x->a) && lower_same_value (L, y, c, NULL))
          return TRUE;
      }
  return FALSE;
}

/* Changes: the walk counting the changes of variable d (assignments, steps, its
 * address) outside the expression skip (the loop's own step). */
typedef struct {
  CDecl *d;
  CExpr *skip;
  guint n;
} Changes;

static CVisitResult
count_change (CExpr *e, gpointer data)
{
  Changes *c = data;
  if (e == c->skip)
    return C_VISIT_SKIP;
  gboolean ch = e->kind == C_EXPR_ASSIGN
                || (e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                               || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC));
  if (ch && lower_ident_decl (e->a) == c->d)
    c->n++;
  return C_VISIT_CONTINUE;
}

/* FindLoop: the walk for the `for` statement that declares K in its init. */
typedef struct {
  CDecl *k;
  GPtrArray *items;
  guint at;
} FindLoop;

static CVisitResult
find_loop (CStmt *s, gpointer data)
{
  FindLoop *fl = data;
  for (guint i = 0; s->kind == C_STMT_COMPOUND && s->items && i < s->items->len && !fl->items; i++)
    {
      CStmt *x = g_ptr_array_index (s->items, i);
      if (x->kind == C_STMT_FOR && x->init && x->init->kind == C_STMT_DECL && x->init->items
          && g_ptr_array_find (x->init->items, fl->k, NULL))
        fl->items = s->items, fl->at = i;
    }
  return fl->items ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* ---- arrays split by chunks alone ---- */

/* Scan: the walks of chunk_arrays. loops: for-init variable -> its `for` statement;
 * bad: the arrays some subscript may split by index (CDecl* set). */
typedef struct {
  Lower *L;
  GHashTable *loops, *bad;
} ChunkScan;

static CVisitResult
collect_loop (CStmt *s, gpointer data)
{
  ChunkScan *cs = data;
  if (s->kind == C_STMT_FOR && s->init && s->init->kind == C_STMT_DECL)
    for (guint i = 0; s->init->items && i < s->init->items->len; i++)
      g_hash_table_insert (cs->loops, g_ptr_array_index (s->init->items, i), s);
  return C_VISIT_CONTINUE;
}

static CVisitResult
any_pthread_call (CExpr *e, gpointer data)
{
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  (void) data;
  return n && g_str_has_prefix (n, "pthread_") ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* Subscript variable X splits no array by index: it is declared by a `for` (so its
 * loop steps it: no thread's index, rf-c-lower-elems.c's thread_index_var) whose body
 * calls no pthread function (no create, whose pass a split could follow; no lock, whose
 * key a guess could split on). Such a loop is a chunk loop, split by chunks, or no
 * split at all (main's `for (int k = 0; k < n; k++) A[k] = 0;`). */
static gboolean
chunk_candidate (ChunkScan *cs, CDecl *x)
{
  CStmt *loop = x ? g_hash_table_lookup (cs->loops, x) : NULL;
  CVisitor pv = { .expr = any_pthread_call };
  return loop && !c_visit_stmt (&pv, loop->body);
}

/* A subscript `B[x]`, `x[B]`, `B + x` of array (or pointer) variable B by a plain
 * variable x (through casts that keep its values) that is no chunk candidate: B may
 * be split by an index somewhere, B is bad. */
static CVisitResult
scan_subscript (CExpr *e, gpointer data)
{
  ChunkScan *cs = data;
  if (!(e->kind == C_EXPR_INDEX || (e->kind == C_EXPR_BINARY && (e->op == C_OP_ADD || e->op == C_OP_SUB))))
    return C_VISIT_CONTINUE;
  for (guint s = 0; s < 2; s++)
    {
      CDecl *b = lower_ident_decl (s ? e->b : e->a);
      CExpr *x = strip_keeping (cs->L, s ? e->a : e->b);
      if (b && x && x->kind == C_EXPR_IDENT && x->decl && x->decl->kind != C_DECL_ENUMERATOR
          && !chunk_candidate (cs, x->decl))
        g_hash_table_add (cs->bad, b);
    }
  return C_VISIT_CONTINUE;
}

/* Array (or pointer) A is split by chunks alone: no subscript of it anywhere in the
 * program may split it by an index, whose representative cell (A[e]) is not the
 * representative chunk's. (Two ways of splitting one array would each miss a race
 * the other's representative hides: chunk_mixed.c.) */
static gboolean
chunks_only (Lower *L, CDecl *a)
{
  if (!L->pre.chunk_bad)
    {
      ChunkScan cs = { L, g_hash_table_new (NULL, NULL), g_hash_table_new (NULL, NULL) };
      CVisitor lv = { .stmt = collect_loop, .data = &cs };
      CVisitor sv = { .expr = scan_subscript, .data = &cs };
      for (guint pass = 0; pass < 2; pass++)
        for (guint i = 0; i < L->decls->len; i++)
          {
            CDecl *f = g_ptr_array_index (L->decls, i);
            if (f->kind == C_DECL_FUNC && f->body)
              c_visit_stmt (pass ? &sv : &lv, f->body);
            else if (pass && f->init)
              c_visit_init (&sv, f->init);
          }
      g_hash_table_unref (cs.loops);
      L->pre.chunk_bad = cs.bad;
    }
  return a && !g_hash_table_contains (L->pre.chunk_bad, a);
}

gboolean
lower_range_of_thread (Lower *L, CExpr *base, CDecl *k)
{
  if (!chunks_only (L, lower_ident_decl (base)))
    return FALSE;
  Frame *f = L->frame;
  if (!k || k->kind != C_DECL_VAR || k->file_scope || c_is_static_object (k) || !f || !f->fn || !f->fn->body
      || g_hash_table_contains (L->pre.escaped, k))
    return FALSE;
  gint given = L->job && L->job_id < L->jobs.arg_index->len ? g_array_index (L->jobs.arg_index, gint, L->job_id)
               : ELEM_NONE;
  if (given == ELEM_NONE)
    return FALSE;
  FindLoop fl = { k, NULL, 0 };
  CVisitor v = { .stmt = find_loop, .data = &fl };
  c_visit_stmt (&v, f->fn->body);
  CountedLoop cl;
  if (!fl.items || !lower_counted_form (fl.items, fl.at, &cl) || cl.index != k || cl.step != 1)
    return FALSE;
  /* nothing but the loop's step changes K (its init is its declaration) */
  Changes ch = { k, cl.stmt->expr2, 0 };
  CVisitor cv = { .expr = count_change, .data = &ch };
  c_visit_stmt (&cv, f->fn->body);
  return ch.n == 0 && chunk (L, cl.lo, cl.hi);
}
