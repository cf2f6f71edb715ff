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
 * and every cast on the way keeps every value. HI may also give the last thread the
 * rest, `id == K ? H : HI'` (last_chunk), when no thread gets an index above K; LO and
 * HI may be locals a helper sets through their addresses (outparams). */
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
  /* a field of the thread's object its pass set (argfields): its value there */
  CExpr *fv = depth > 0 ? lower_argfield_value (L, e) : NULL;
  if (fv)
    return resolve (L, fv, depth - 1);
  CDecl *d = e && e->kind == C_EXPR_IDENT ? e->decl : NULL;
  /* a local set by a helper through its address, the helper's parameters, `*p` of its
   * out-parameter (outparams) */
  CExpr *v = d && L->range_vals ? g_hash_table_lookup (L->range_vals, d) : NULL;
  CExpr *pe = e && e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF ? c_peel (e->a) : NULL;
  if (!v && pe && pe->kind == C_EXPR_IDENT && L->range_derefs)
    v = g_hash_table_lookup (L->range_derefs, pe->decl);
  if (v && depth > 0)
    return resolve (L, v, depth - 1);
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
      if (g_hash_table_contains (L->pre.stable, d) || lower_argfield_fixed (L, d))
        continue;
      CExpr *r = resolve (L, &(CExpr) { .kind = C_EXPR_IDENT, .decl = d }, 1);
      if (depth == 0 || r->kind == C_EXPR_IDENT || !same_everywhere (L, r, depth - 1))
        return FALSE;
    }
  return TRUE;
}

/* E names the thread's index (a copy of it counts as it is: not resolved further),
 * maybe converted to a type that keeps distinct indices distinct (`(size_t) t`:
 * lower_keeps_thread_index), which is all the chunks' disjointness needs. */
static gboolean
is_index (Lower *L, CExpr *e)
{
  for (guint depth = 0; depth <= RESOLVE_DEPTH && e; depth++)
    {
      e = strip_keeping (L, e);
      while (e && e->kind == C_EXPR_CAST && e->a && lower_keeps_thread_index (L, e->type, type_of (L, e->a)))
        e = strip_keeping (L, e->a);
      if (e && e->kind == C_EXPR_MEMBER)
        {
          e = resolve (L, e, 1);  /* a field of the thread's object */
          continue;
        }
      if (!e || e->kind != C_EXPR_IDENT)
        return FALSE;
      if (lower_thread_index_var (L, e->decl) || lower_argfield_index_decl (L, e->decl))
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

/* HI (resolved) is `id == K ? H : R` (or `K == id`, `id != K ? R : H`, `id < K ? R :
 * H`, `id >= K ? H : R`): the thread K's chunk runs on to H, the others' end at R. The
 * chunk [K * C, H) meets no other thread's [id * C, id * C + C) when no thread is given
 * an index above K (the job's IndexMax: its create loop's test `i < K + 1`). Then *REST
 * is R. */
static gboolean
last_chunk (Lower *L, CExpr *hi, CExpr **rest)
{
  hi = strip_keeping (L, hi);
  CExpr *c = hi && hi->kind == C_EXPR_COND ? strip_keeping (L, c_peel (hi->a)) : NULL;
  if (!c || c->kind != C_EXPR_BINARY || !hi->b || !hi->c)
    return FALSE;
  gboolean left = is_index (L, c->a);
  CExpr *k = left ? c->b : is_index (L, c->b) ? c->a : NULL;
  COp op = c->op;
  if (!k)
    return FALSE;
  if (!left)
    op = op == C_OP_LT ? C_OP_GT : op == C_OP_GT ? C_OP_LT : op == C_OP_LE ? C_OP_GE : op == C_OP_GE ? C_OP_LE : op;
  /* which branch is the last thread's */
  gboolean last_then = op == C_OP_EQ || op == C_OP_GE;
  if (!last_then && op != C_OP_NE && op != C_OP_LT)
    return FALSE;
  const IndexMax *m = L->job_id < L->jobs.arg_index_max->len ? g_ptr_array_index (L->jobs.arg_index_max, L->job_id)
                                                              : NULL;
  Endpoint ke = lower_endpoint (k), me = m ? m->max : ke;
  gint64 v;
  if (ke.e && c_const_int (ke.e, &v))
    ke = (Endpoint) { NULL, ke.off + v };  /* `4 - 1` */
  if (me.e && c_const_int (me.e, &v))
    me = (Endpoint) { NULL, me.off + v };
  if (!m || m->conflict || !lower_same_endpoint (L, me, ke, NULL))
    return FALSE;
  *rest = last_then ? hi->c : hi->b;
  return TRUE;
}

/* E (resolved) is f (id), a monotone function of the thread's index: id once, reached
 * from the top through +, -, * with values the same in every thread, / by one (id in
 * the dividend), unary minus and casts that keep every value. f is the same function
 * in every thread, so either f (id) <= f (id') whenever id < id', or f (id) >= f (id')
 * whenever id < id' (no arithmetic wraps round: assumption 3; C's division truncates,
 * which keeps it monotone). */
static gboolean
rising (Lower *L, CExpr *e, guint depth)
{
  e = strip_keeping (L, e);
  if (!e || depth > RESOLVE_DEPTH * 4)
    return FALSE;
  if (is_index (L, e))
    return TRUE;
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_NEG)
    return rising (L, e->a, depth + 1);
  if (e->kind != C_EXPR_BINARY)
    return FALSE;
  switch (e->op)
    {
    case C_OP_ADD: case C_OP_SUB: case C_OP_MUL:
      return (rising (L, e->a, depth + 1) && same_everywhere (L, e->b, RESOLVE_DEPTH))
             || (rising (L, e->b, depth + 1) && same_everywhere (L, e->a, RESOLVE_DEPTH));
    case C_OP_DIV:
      return rising (L, e->a, depth + 1) && same_everywhere (L, e->b, RESOLVE_DEPTH);
    default:
      return FALSE;
    }
}

/* HI (resolved) is LO (resolved, rising) with the index replaced by `id + 1`. Then
 * [f (id), f (id + 1)) meets no [f (id'), f (id' + 1)) for id != id': with id < id',
 * f (id + 1) <= f (id') when f rises; when it falls, every such range is empty. */
static gboolean
next_of (Lower *L, CExpr *hi, CExpr *lo, guint depth)
{
  hi = strip_keeping (L, hi), lo = strip_keeping (L, lo);
  gint64 one;
  if (!hi || !lo || depth > RESOLVE_DEPTH * 4)
    return FALSE;
  if (lo->kind == C_EXPR_UNARY && lo->op == C_OP_NEG)
    return hi->kind == C_EXPR_UNARY && hi->op == C_OP_NEG && next_of (L, hi->a, lo->a, depth + 1);
  if (is_index (L, lo))
    return hi->kind == C_EXPR_BINARY && hi->op == C_OP_ADD
           && ((is_index (L, hi->a) && c_const_int (hi->b, &one) && one == 1)
               || (is_index (L, hi->b) && c_const_int (hi->a, &one) && one == 1));
  if (hi->kind != C_EXPR_BINARY || lo->kind != C_EXPR_BINARY || hi->op != lo->op)
    return FALSE;
  gboolean left = rising (L, lo->a, 0);
  CExpr *hs = left ? hi->a : hi->b, *ls = left ? lo->a : lo->b;  /* the side with the index */
  CExpr *ho = left ? hi->b : hi->a, *lo_other = left ? lo->b : lo->a;
  return next_of (L, resolve (L, hs, RESOLVE_DEPTH), resolve (L, ls, RESOLVE_DEPTH), depth + 1)
         && lower_same_value (L, ho, lo_other, NULL);
}

/* [LO, HI) is the thread's chunk (see the approach). */
static gboolean
chunk (Lower *L, Endpoint lo, Endpoint hi)
{
  if (!lo.e || lo.off != 0 || !hi.e)
    return FALSE;
  CExpr *rest;
  if (hi.off == 0 && last_chunk (L, resolve (L, hi.e, RESOLVE_DEPTH), &rest))
    hi = (Endpoint) { rest, 0 };
  /* a partition [f (id), f (id + 1)) by a rising f */
  CExpr *lo_f = resolve (L, lo.e, RESOLVE_DEPTH);
  if (hi.off == 0 && rising (L, lo_f, 0) && next_of (L, resolve (L, hi.e, RESOLVE_DEPTH), lo_f, 0))
    return TRUE;
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
        if (lower_same_value (L, resolve (L, x, RESOLVE_DEPTH), lo_r, NULL)
            && (lower_same_value (L, y, c, NULL)
                || lower_same_value (L, resolve (L, y, RESOLVE_DEPTH), resolve (L, c, RESOLVE_DEPTH), NULL)))
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
  CExpr *skip, *skip2;  /* the loop's step, and its init when it assigns d */
  guint n;
} Changes;

static CVisitResult
count_change (CExpr *e, gpointer data)
{
  Changes *c = data;
  if (e == c->skip || (c->skip2 && e == c->skip2))
    return C_VISIT_SKIP;
  gboolean ch = e->kind == C_EXPR_ASSIGN
                || (e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                               || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC));
  if (ch && lower_ident_decl (e->a) == c->d)
    c->n++;
  return C_VISIT_CONTINUE;
}

static gboolean only_in (CStmt *body, CDecl *k, CStmt *decl, CStmt *loop);

/* DeclOf: the walk for the declaration statement of k. */
typedef struct {
  CDecl *k;
  CStmt *decl;
} DeclOf;

static CVisitResult
decl_of (CStmt *s, gpointer data)
{
  DeclOf *d = data;
  if (s->kind == C_STMT_DECL && s->items && g_ptr_array_find (s->items, d->k, NULL))
    d->decl = s;
  return d->decl ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* ITEMS[I] is a `for` loop in counted form (CL) whose init assigns its index (`for (i
 * = lo; ...)`), a local of BODY named nowhere but in its declaration (*DECL) and the
 * loop. */
static gboolean
assigned_for (CStmt *body, GPtrArray *items, guint i, CountedLoop *cl, CStmt **decl)
{
  CStmt *x = g_ptr_array_index (items, i);
  CExpr *in = x->kind == C_STMT_FOR && x->init && x->init->kind == C_STMT_EXPR ? c_peel (x->init->expr) : NULL;
  CDecl *k = in && in->kind == C_EXPR_ASSIGN && in->op == C_OP_ASSIGN ? lower_ident_decl (in->a) : NULL;
  if (!k || k->kind != C_DECL_VAR || c_is_static_object (k) || !body || !lower_counted_form_reads (items, i, cl)
      || cl->index != k)
    return FALSE;
  DeclOf d = { k, NULL };
  c_visit_stmt (&(CVisitor) { .stmt = decl_of, .data = &d }, body);
  *decl = d.decl;
  return d.decl && only_in (body, k, d.decl, x);
}

/* ITEMS[I] is a `while` (or init-less `for`) loop in counted form (CL) whose init is
 * the declaration of its index, an earlier statement of the block. */
static gboolean
while_loop (GPtrArray *items, guint i, CountedLoop *cl)
{
  CStmt *x = g_ptr_array_index (items, i);
  if (!(x->kind == C_STMT_WHILE || (x->kind == C_STMT_FOR && !x->init)) || !lower_counted_form_reads (items, i, cl)
      || cl->at >= i)
    return FALSE;
  CStmt *d = g_ptr_array_index (items, cl->at);
  return d->kind == C_STMT_DECL && d->items && g_ptr_array_find (d->items, cl->index, NULL);
}

/* FindLoop: the walk for the `for` statement that declares K in its init, or the
 * `while` (or init-less `for`) loop whose counted form starts at K's declaration in
 * the same block (decl: that statement). */
typedef struct {
  CDecl *k;
  GPtrArray *items;
  guint at;
  CStmt *decl;
  CStmt *body;          /* the function's */
} FindLoop;

static CVisitResult
find_loop (CStmt *s, gpointer data)
{
  FindLoop *fl = data;
  for (guint i = 0; s->kind == C_STMT_COMPOUND && s->items && i < s->items->len && !fl->items; i++)
    {
      CStmt *x = g_ptr_array_index (s->items, i);
      CountedLoop cl;
      if (x->kind == C_STMT_FOR && x->init && x->init->kind == C_STMT_DECL && x->init->items
          && g_ptr_array_find (x->init->items, fl->k, NULL))
        fl->items = s->items, fl->at = i;
      else if (while_loop (s->items, i, &cl) && cl.index == fl->k)
        fl->items = s->items, fl->at = i, fl->decl = g_ptr_array_index (s->items, cl.at);
      else if (assigned_for (fl->body, s->items, i, &cl, &fl->decl) && cl.index == fl->k)
        fl->items = s->items, fl->at = i;
      else
        fl->decl = NULL;
    }
  return fl->items ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* Outside: the walk for a use of K outside statements IN1 and IN2. */
typedef struct {
  CDecl *k;
  CStmt *in1, *in2;
} Outside;

static CVisitResult
outside_stmt (CStmt *s, gpointer data)
{
  Outside *o = data;
  return s == o->in1 || s == o->in2 ? C_VISIT_SKIP : C_VISIT_CONTINUE;
}

static CVisitResult
outside_expr (CExpr *e, gpointer data)
{
  Outside *o = data;
  return e->kind == C_EXPR_IDENT && e->decl == o->k ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* K, declared by statement DECL, is named in BODY only there and in LOOP. */
static gboolean
only_in (CStmt *body, CDecl *k, CStmt *decl, CStmt *loop)
{
  Outside out = { k, decl, loop };
  return !c_visit_stmt (&(CVisitor) { .stmt = outside_stmt, .expr = outside_expr, .data = &out }, body);
}

/* ---- arrays split by chunks alone ---- */

/* Scan: the walks of chunk_arrays. loops: for-init variable (or a while loop's, as
 * while_loop finds them) -> its loop statement; bad: the arrays some subscript may
 * split by index (CDecl* set); bad_fields: the names of pointer members some subscript
 * `X->f[x]` may split by index (a field of a thread's object holding a named array:
 * argfields); in_fields: array variable CDecl* -> the set of member names its address
 * is stored in (`a->data = data`). */
typedef struct {
  Lower *L;
  GHashTable *loops, *bad, *bad_fields, *in_fields;
  CStmt *fn_body;       /* the body of the function walked */
  GHashTable *keyed;    /* variables a synchronisation call's arguments name (a guess's key) */
  GHashTable *stepped;  /* CDecl* -> 1 when only set to constants or stepped, 2 when not */
  guint in_create;      /* loops around the walk whose body creates threads */
} ChunkScan;

static CVisitResult
collect_loop (CStmt *s, gpointer data)
{
  ChunkScan *cs = data;
  if (s->kind == C_STMT_FOR && s->init && s->init->kind == C_STMT_DECL)
    for (guint i = 0; s->init->items && i < s->init->items->len; i++)
      g_hash_table_insert (cs->loops, g_ptr_array_index (s->init->items, i), s);
  CountedLoop cl;
  CStmt *decl;
  for (guint i = 0; s->kind == C_STMT_COMPOUND && s->items && i < s->items->len; i++)
    if ((while_loop (s->items, i, &cl)
         && only_in (cs->fn_body, cl.index, g_ptr_array_index (s->items, cl.at), cl.stmt))
        || assigned_for (cs->fn_body, s->items, i, &cl, &decl))
      g_hash_table_insert (cs->loops, cl.index, cl.stmt);
  return C_VISIT_CONTINUE;
}

/* An array variable's address stored in a member: in_fields. */
static CVisitResult
collect_in_field (CExpr *e, gpointer data)
{
  ChunkScan *cs = data;
  CExpr *l = e->kind == C_EXPR_ASSIGN ? c_peel (e->a) : NULL;
  CExpr *r = l && l->kind == C_EXPR_MEMBER ? c_peel (e->b) : NULL;
  while (r && ((r->kind == C_EXPR_UNARY && r->op == C_OP_ADDR) || r->kind == C_EXPR_INDEX
               || (r->kind == C_EXPR_BINARY && (r->op == C_OP_ADD || r->op == C_OP_SUB))))
    r = c_peel (r->a);
  CDecl *a = lower_ident_decl (r);
  if (a && l->text)
    {
      GHashTable *names = g_hash_table_lookup (cs->in_fields, a);
      if (!names)
        g_hash_table_insert (cs->in_fields, a, names = g_hash_table_new (g_str_hash, g_str_equal));
      g_hash_table_add (names, (gpointer) l->text);
    }
  return C_VISIT_CONTINUE;
}

/* Steps: the walk checking that variable x is only set to constants or stepped by them. */
typedef struct {
  CDecl *x;
  gboolean bad;
} Steps;

static CVisitResult
steps_only (CExpr *e, gpointer data)
{
  Steps *st = data;
  gint64 c;
  if (e->kind == C_EXPR_ASSIGN && lower_ident_decl (e->a) == st->x
      && !((e->op == C_OP_ASSIGN || e->op == C_OP_ADD_ASSIGN || e->op == C_OP_SUB_ASSIGN) && c_const_int (e->b, &c)))
    st->bad = TRUE;
  return C_VISIT_CONTINUE;
}

static CVisitResult
add_ident (CExpr *e, gpointer set)
{
  if (e->kind == C_EXPR_IDENT && e->decl)
    g_hash_table_add (set, e->decl);
  return C_VISIT_CONTINUE;
}

/* A synchronisation call (but pthread_create and pthread_join, which key no guess):
 * the variables of its arguments. */
static CVisitResult
collect_keyed (CExpr *e, gpointer data)
{
  ChunkScan *cs = data;
  collect_in_field (e, data);
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (n && (g_str_has_prefix (n, "pthread_") || g_str_has_prefix (n, "sem_")) && strcmp (n, "pthread_create") != 0
      && strcmp (n, "pthread_join") != 0)
    for (guint i = 0; e->args && i < e->args->len; i++)
      c_visit_expr (&(CVisitor) { .expr = add_ident, .data = cs->keyed }, g_ptr_array_index (e->args, i));
  return C_VISIT_CONTINUE;
}

static CVisitResult
is_create (CExpr *e, gpointer data)
{
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  return n && strcmp (n, "pthread_create") == 0 ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* Loops that create threads, around the subscripts scan_subscript sees. */
static CVisitResult
enter_loop (CStmt *s, gpointer data)
{
  ChunkScan *cs = data;
  if ((s->kind == C_STMT_FOR || s->kind == C_STMT_WHILE || s->kind == C_STMT_DO)
      && c_visit_stmt (&(CVisitor) { .expr = is_create }, s))
    cs->in_create++;
  return C_VISIT_CONTINUE;
}

static void
leave_loop (CStmt *s, gpointer data)
{
  ChunkScan *cs = data;
  if ((s->kind == C_STMT_FOR || s->kind == C_STMT_WHILE || s->kind == C_STMT_DO)
      && c_visit_stmt (&(CVisitor) { .expr = is_create }, s))
    cs->in_create--;
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
 * split at all (main's `for (int k = 0; k < n; k++) A[k] = 0;`). Or X is a plain local
 * (not static, its address never taken, only ever set to constants or stepped by them:
 * no thread's index, ticket or copy of a parameter), no synchronisation call names it
 * (no guess's key), and the subscript is in no loop that creates threads (whose passes
 * an index split follows): main's `int i;` counting over the array before the create
 * loop and after the join loop. */
static gboolean
chunk_candidate (ChunkScan *cs, CDecl *x)
{
  CStmt *loop = x ? g_hash_table_lookup (cs->loops, x) : NULL;
  CVisitor pv = { .expr = any_pthread_call };
  if (loop && !c_visit_stmt (&pv, loop->body))
    return TRUE;
  if (!x || x->kind != C_DECL_VAR || x->file_scope || c_is_static_object (x) || x->thread_local
      || g_hash_table_contains (cs->L->pre.escaped, x) || g_hash_table_contains (cs->keyed, x) || cs->in_create)
    return FALSE;
  gint64 c;
  if (x->init && !(x->init->expr && c_const_int (x->init->expr, &c)))
    return FALSE;
  guint known = GPOINTER_TO_UINT (g_hash_table_lookup (cs->stepped, x));
  if (known)
    return known == 1;
  Steps st = { x, FALSE };
  for (guint i = 0; i < cs->L->decls->len && !st.bad; i++)
    {
      CDecl *f = g_ptr_array_index (cs->L->decls, i);
      if (f->kind == C_DECL_FUNC && f->body)
        c_visit_stmt (&(CVisitor) { .expr = steps_only, .data = &st }, f->body);
    }
  g_hash_table_insert (cs->stepped, x, GUINT_TO_POINTER (st.bad ? 2 : 1));
  return !st.bad;
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
      CExpr *be = c_peel (s ? e->b : e->a);
      CDecl *b = lower_ident_decl (be);
      CExpr *x = strip_keeping (cs->L, s ? e->a : e->b);
      /* an index variable, or a field that may hold a thread's index (argfields) */
      gboolean splits = x && ((x->kind == C_EXPR_IDENT && x->decl && x->decl->kind != C_DECL_ENUMERATOR
                               && !chunk_candidate (cs, x->decl))
                              || x->kind == C_EXPR_MEMBER);
      if (splits && b)
        g_hash_table_add (cs->bad, b);
      else if (splits && be && be->kind == C_EXPR_MEMBER && be->text)
        g_hash_table_add (cs->bad_fields, (gpointer) be->text);
    }
  return C_VISIT_CONTINUE;
}

/* Array (or pointer) A is split by chunks alone: no subscript of it anywhere in the
 * program may split it by an index, whose representative cell (A[e]) is not the
 * representative chunk's, nor any subscript of a member its address is stored in.
 * (Two ways of splitting one array would each miss a race the other's representative
 * hides: chunk_mixed.c, chunk_field_mixed.c.) */
static gboolean
chunks_only (Lower *L, CDecl *a)
{
  if (!L->pre.chunk_bad)
    {
      g_autoptr (GHashTable) keyed = g_hash_table_new (NULL, NULL);
      g_autoptr (GHashTable) stepped = g_hash_table_new (NULL, NULL);
      ChunkScan cs = { L, g_hash_table_new (NULL, NULL), g_hash_table_new (NULL, NULL), g_hash_table_new (g_str_hash, g_str_equal),
                       g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref), NULL, keyed, stepped, 0 };
      CVisitor lv = { .stmt = collect_loop, .expr = collect_keyed, .data = &cs };
      CVisitor sv = { .stmt = enter_loop, .stmt_done = leave_loop, .expr = scan_subscript, .data = &cs };
      for (guint pass = 0; pass < 2; pass++)
        for (guint i = 0; i < L->decls->len; i++)
          {
            CDecl *f = g_ptr_array_index (L->decls, i);
            cs.fn_body = f->kind == C_DECL_FUNC ? f->body : NULL;
            if (f->kind == C_DECL_FUNC && f->body)
              c_visit_stmt (pass ? &sv : &lv, f->body);
            else if (pass && f->init)
              c_visit_init (&sv, f->init);
          }
      g_hash_table_unref (cs.loops);
      L->pre.chunk_bad = cs.bad;
      /* an array whose address a member holds that some subscript splits by index */
      GHashTableIter it, jt;
      gpointer arr, names, name;
      g_hash_table_iter_init (&it, cs.in_fields);
      while (g_hash_table_iter_next (&it, &arr, &names))
        {
          g_hash_table_iter_init (&jt, names);
          while (g_hash_table_iter_next (&jt, &name, NULL))
            if (g_hash_table_contains (cs.bad_fields, name))
              g_hash_table_add (L->pre.chunk_bad, arr);
        }
      g_hash_table_unref (cs.bad_fields);
      g_hash_table_unref (cs.in_fields);
    }
  return a && !g_hash_table_contains (L->pre.chunk_bad, a);
}

static CVisitResult
reads_deref (CExpr *e, gpointer q)
{
  return e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF && lower_ident_decl (e->a) == q ? C_VISIT_STOP
                                                                                          : C_VISIT_CONTINUE;
}

/* OutScan: the walk counting the uses of a variable d: `&d` as a call's argument (call
 * set to that call), other uses of its address, writes (bad); of a pointer parameter p:
 * `*p = E` stores (store), other uses than `*p` read (bad). */
typedef struct {
  CDecl *d;
  CExpr *call, *store;
  guint addrs;
  gboolean bad, param;
} OutScan;

static CVisitResult
out_scan (CExpr *e, gpointer data)
{
  OutScan *o = data;
  if (e->kind == C_EXPR_CALL)
    for (guint i = 0; e->args && i < e->args->len; i++)
      {
        CExpr *a = c_peel (g_ptr_array_index (e->args, i));
        if (!o->param && a && a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR && lower_ident_decl (a->a) == o->d)
          o->call = e, o->addrs++;
      }
  CExpr *w = e->kind == C_EXPR_ASSIGN ? e->a
             : e->kind == C_EXPR_UNARY && (e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC
                                           || e->op == C_OP_POSTDEC) ? e->a : NULL;
  w = c_peel (w);
  if (!o->param)
    {
      if (lower_ident_decl (w) == o->d)
        o->bad = TRUE;
      return C_VISIT_CONTINUE;
    }
  /* a parameter: only ever `*p` */
  if (w && w->kind == C_EXPR_UNARY && w->op == C_OP_DEREF && lower_ident_decl (w->a) == o->d)
    {
      if (e->kind == C_EXPR_ASSIGN && e->op == C_OP_ASSIGN && !o->store)
        o->store = e;
      else
        o->bad = TRUE;
    }
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF && lower_ident_decl (e->a) == o->d)
    return C_VISIT_SKIP;
  if (e->kind == C_EXPR_IDENT && e->decl == o->d)
    o->bad = TRUE;  /* p itself used: copied, passed on, compared */
  return C_VISIT_CONTINUE;
}

static CVisitResult
addr_anywhere (CExpr *e, gpointer d)
{
  return e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR && lower_ident_decl (e->a) == d ? C_VISIT_STOP
                                                                                       : C_VISIT_CONTINUE;
}

static CVisitResult
leaves_early (CStmt *s, gpointer data)
{
  return s->kind == C_STMT_RETURN || s->kind == C_STMT_GOTO || s->kind == C_STMT_BREAK || s->kind == C_STMT_CONTINUE
         ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* The index of the top-level statement of block ITEMS that is the expression statement
 * E, or -1. */
static gint
top_expr (GPtrArray *items, CExpr *e)
{
  for (guint i = 0; items && i < items->len; i++)
    {
      CStmt *s = g_ptr_array_index (items, i);
      if (s->kind == C_STMT_EXPR && c_peel (s->expr) == e)
        return (gint) i;
    }
  return -1;
}

/* Local X of the thread's function FN, with no initialiser, is set by a helper through
 * its address before the chunk loop at ITEMS[AT] (`chunk_bounds (id, &lo, &hi);`): X is
 * never written and its address is taken once, as an argument of a call that is a
 * statement of ITEMS before AT, of a function of the program (not recursive, its
 * address never taken) whose matching parameter p is only ever read as `*p` and stored
 * once, `*p = E;`, a statement of its body's top level before which nothing leaves it.
 * Then X holds E, with the helper's parameters (never assigned, address never taken)
 * standing for the call's arguments, and `*q` of another out-parameter q for its own
 * value when q's store comes first: range_vals and range_derefs get them. */
static gboolean
outparams (Lower *L, CDecl *x, CDecl *fn, GPtrArray *items, guint at)
{
  if (!x || x->kind != C_DECL_VAR || x->file_scope || c_is_static_object (x) || x->init || !fn || !fn->body)
    return FALSE;
  OutScan xs = { .d = x };
  c_visit_stmt (&(CVisitor) { .expr = out_scan, .data = &xs }, fn->body);
  gint c_at = xs.call ? top_expr (items, c_peel (xs.call)) : -1;
  /* its address nowhere else (the one call's argument aside) */
  guint addrs = 0;
  CVisitor av = { .expr = addr_anywhere, .data = x };
  for (guint i = 0; fn->body->items && i < fn->body->items->len; i++)
    addrs += c_visit_stmt (&av, g_ptr_array_index (fn->body->items, i));
  if (xs.bad || xs.addrs != 1 || addrs != 1 || c_at < 0 || (guint) c_at >= at)
    return FALSE;
  const char *callee = c_callee_name (xs.call);
  CDecl *f = callee ? lower_func_def (L, callee) : NULL;
  if (!f || !f->body || f->body->kind != C_STMT_COMPOUND || !f->params || !xs.call->args
      || f->params->len != xs.call->args->len || g_hash_table_contains (L->pre.recursive, f)
      || g_hash_table_contains (L->pre.addr_funcs, f))
    return FALSE;
  /* the helper's parameters: values stand for the arguments, out-parameters for what
   * they store (in store order) */
  g_autoptr (GHashTable) stores = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < f->params->len; i++)
    {
      CDecl *p = g_ptr_array_index (f->params, i);
      CExpr *a = c_peel (g_ptr_array_index (xs.call->args, i));
      if (g_hash_table_contains (L->pre.assigned, p) || lower_body_takes_addr (L, f->body, p))
        return FALSE;
      if (a && a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR)
        {
          OutScan ps = { .d = p, .param = TRUE };
          c_visit_stmt (&(CVisitor) { .expr = out_scan, .data = &ps }, f->body);
          gint s_at = ps.store ? top_expr (f->body->items, c_peel (ps.store)) : -1;
          if (ps.bad || s_at < 0)
            return FALSE;
          for (gint j = 0; j < s_at; j++)
            {
              CStmt *b = g_ptr_array_index (f->body->items, j);
              if (lower_stmt_touches (b, NULL) || c_visit_stmt (&(CVisitor) { .stmt = leaves_early }, b))
                return FALSE;
            }
          g_hash_table_insert (stores, p, ps.store);
        }
    }
  /* `*q` read by a store: q's own store must come before it */
  GHashTableIter it;
  gpointer p, st;
  g_hash_table_iter_init (&it, stores);
  while (g_hash_table_iter_next (&it, &p, &st))
    {
      GHashTableIter jt;
      gpointer q, qst;
      g_hash_table_iter_init (&jt, stores);
      while (g_hash_table_iter_next (&jt, &q, &qst))
        if (q != p && c_visit_expr (&(CVisitor) { .expr = reads_deref, .data = q }, ((CExpr *) st)->b)
            && top_expr (f->body->items, c_peel (qst)) > top_expr (f->body->items, c_peel (st)))
          return FALSE;
      if (c_visit_expr (&(CVisitor) { .expr = reads_deref, .data = p }, ((CExpr *) st)->b))
        return FALSE;  /* *p = *p + 1: an older value */
    }
  if (!L->range_vals)
    {
      L->range_vals = g_hash_table_new (NULL, NULL);
      L->range_derefs = g_hash_table_new (NULL, NULL);
    }
  for (guint i = 0; i < f->params->len; i++)
    {
      CDecl *q = g_ptr_array_index (f->params, i);
      CExpr *a = g_ptr_array_index (xs.call->args, i);
      CExpr *qst = g_hash_table_lookup (stores, q);
      if (qst)
        g_hash_table_insert (L->range_derefs, q, qst->b);
      else
        g_hash_table_insert (L->range_vals, q, a);
    }
  for (guint i = 0; i < f->params->len; i++)
    {
      CExpr *a = c_peel (g_ptr_array_index (xs.call->args, i));
      CExpr *qst = g_hash_table_lookup (stores, g_ptr_array_index (f->params, i));
      if (qst && lower_ident_decl (a->a) == x)
        g_hash_table_insert (L->range_vals, x, qst->b);
    }
  return g_hash_table_contains (L->range_vals, x);
}

/* S is `for (T k = ID; k < B; k += S)` (or `<=`, `k = k + S`): the thread's cells are
 * ID, ID + S, ID + 2S, ... When every thread is given an index in [0, S) (the job's
 * IndexMax is S - 1, every index 0 or more) and S is the same in every thread, two
 * threads' cells never meet: they differ modulo S (the cyclic distribution). Nothing
 * but the step changes k. */
static gboolean
cyclic (Lower *L, CStmt *s, CDecl *k, CStmt *body)
{
  if (s->kind != C_STMT_FOR || !s->init || s->init->kind != C_STMT_DECL || !k->init || !k->init->expr || !s->expr
      || !s->expr2 || !is_index (L, k->init->expr))
    return FALSE;
  CExpr *t = c_peel (s->expr), *st = c_peel (s->expr2);
  if (!t || t->kind != C_EXPR_BINARY || (t->op != C_OP_LT && t->op != C_OP_LE) || lower_ident_decl (t->a) != k
      || lower_expr_names (t->b, k))
    return FALSE;
  CExpr *stride = NULL;
  if (st && st->kind == C_EXPR_ASSIGN && st->op == C_OP_ADD_ASSIGN && lower_ident_decl (st->a) == k)
    stride = st->b;
  else if (st && st->kind == C_EXPR_ASSIGN && st->op == C_OP_ASSIGN && lower_ident_decl (st->a) == k)
    {
      CExpr *r = c_peel (st->b);
      if (r && r->kind == C_EXPR_BINARY && r->op == C_OP_ADD)
        stride = lower_ident_decl (r->a) == k ? r->b : lower_ident_decl (r->b) == k ? r->a : NULL;
    }
  if (!stride || lower_expr_names (stride, k) || !same_everywhere (L, stride, RESOLVE_DEPTH))
    return FALSE;
  const IndexMax *m = L->job_id < L->jobs.arg_index_max->len ? g_ptr_array_index (L->jobs.arg_index_max, L->job_id)
                                                              : NULL;
  if (!m || m->conflict || !m->nonneg)
    return FALSE;
  /* the largest index is S - 1 */
  Endpoint se = lower_endpoint (stride), me = m->max;
  gint64 v;
  if (se.e && c_const_int (se.e, &v))
    se = (Endpoint) { NULL, se.off + v };
  if (me.e && c_const_int (me.e, &v))
    me = (Endpoint) { NULL, me.off + v };
  se.off -= 1;
  if (!lower_same_endpoint (L, me, se, NULL))
    return FALSE;
  Changes ch = { k, s->expr2, NULL, 0 };
  c_visit_stmt (&(CVisitor) { .expr = count_change, .data = &ch }, body);
  return ch.n == 0;
}

gboolean
lower_range_of_thread (Lower *L, CExpr *base, CDecl *k)
{
  /* the array itself, or the one a field of the thread's object holds (argfields),
   * maybe from an offset (`&A[X]`, `A + X`: the chunk's cells are A[X + k]) */
  CExpr *fv = lower_argfield_value (L, base), *offset = NULL;
  if (fv && !lower_argfield_named (L, base) && !lower_argfield_offset (L, base, &fv, &offset))
    return FALSE;
  if (!chunks_only (L, lower_ident_decl (fv ? fv : base)))
    return FALSE;
  Frame *f = L->frame;
  if (!k || k->kind != C_DECL_VAR || k->file_scope || c_is_static_object (k) || !f || !f->fn || !f->fn->body
      || g_hash_table_contains (L->pre.escaped, k))
    return FALSE;
  gint given = L->job && L->job_id < L->jobs.arg_index->len ? g_array_index (L->jobs.arg_index, gint, L->job_id)
               : ELEM_NONE;
  if (given == ELEM_NONE)
    return FALSE;
  FindLoop fl = { k, NULL, 0, NULL, f->fn->body };
  CVisitor v = { .stmt = find_loop, .data = &fl };
  c_visit_stmt (&v, f->fn->body);
  CountedLoop cl;
  /* ends that read memory are followed only through fields of the thread's object
   * (resolve), which nothing changes while it runs */
  if (fl.items && !offset && !fl.decl && cyclic (L, g_ptr_array_index (fl.items, fl.at), k, f->fn->body))
    return TRUE;
  if (!fl.items || !lower_counted_form_reads (fl.items, fl.at, &cl) || cl.index != k || cl.step != 1)
    return FALSE;
  /* a while loop's index, declared before it: no access outside the loop sees it */
  if (fl.decl && !only_in (f->fn->body, k, fl.decl, cl.stmt))
    return FALSE;
  /* nothing but the loop's step changes K (its init is its declaration) */
  Changes ch = { k, cl.stmt->kind == C_STMT_FOR && cl.stmt->expr2 ? cl.stmt->expr2
                    : cl.step_stmt ? cl.step_stmt->expr : cl.step_expr,
                 cl.stmt->kind == C_STMT_FOR && cl.stmt->init && cl.stmt->init->kind == C_STMT_EXPR
                 ? cl.stmt->init->expr : NULL, 0 };
  CVisitor cv = { .expr = count_change, .data = &ch };
  c_visit_stmt (&cv, f->fn->body);
  if (ch.n != 0)
    return FALSE;
  /* bounds a helper sets through their addresses (outparams) */
  CExpr *ends[2] = { cl.lo.e, cl.hi.e };
  for (guint i = 0; i < 2; i++)
    {
      CDecl *x = lower_ident_decl (ends[i]);
      if (x && (!L->range_vals || !g_hash_table_contains (L->range_vals, x)) && !x->init)
        outparams (L, x, f->fn, fl.items, fl.at);
    }
  /* from an offset X: the cells [X + LO, X + HI), LO a constant 0 */
  CExpr sum = { .kind = C_EXPR_BINARY, .op = C_OP_ADD, .a = offset, .b = cl.hi.e };
  gboolean r = offset && (cl.lo.e || cl.lo.off != 0) ? FALSE
               : offset ? chunk (L, (Endpoint) { offset, 0 }, (Endpoint) { cl.hi.e ? &sum : offset, cl.hi.off })
                      : chunk (L, cl.lo, cl.hi);
  g_clear_pointer (&L->range_vals, g_hash_table_unref);
  g_clear_pointer (&L->range_derefs, g_hash_table_unref);
  return r;
}
