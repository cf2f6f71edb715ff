/* rf-c-lower-joinall-count: waiting for every thread of a create loop by a counter,
 * without joining them (rf-c-lower-joinall.c makes the plans).
 *
 * Approach. Programs with detached workers wait for them by counting:
 *
 *   running = 0;                                  done = 0;
 *   for (i = 0; i < n; i++) {                     for (i = 0; i < n; i++)
 *     lock (&m); running++; unlock (&m);            pthread_create (..., worker, ...);
 *     if (pthread_create (..., worker, ...)) {    lock (&m);
 *       lock (&m); running--; unlock (&m);        while (done < n)
 *       break;                                      pthread_cond_wait (&cv, &m);
 *     }
 *   }                                             (each worker: lock; done++; signal; unlock)
 *   lock (&m);
 *   while (running > 0) pthread_cond_wait (&cv, &m);
 *                                                 (each worker: lock; running--; signal; unlock)
 *
 * The wait loop W (`while (COND) BODY`, BODY never leaving it) ends only when COND is
 * false. Let C be the counter and T the threads the create loop starts. The claim at
 * W's exit is that every thread of T has made its step of C. It holds when:
 *  - C is a global integer no pointer reaches. Every function but main that changes
 *    C runs only in threads of T: it is reached from T's start routine S and from no
 *    other start routine, callback or function main calls. S's address is taken only
 *    by this create call.
 *  - Each of those changes is a step of one towards the end: `C--` for a live count
 *    (COND `C > 0`, `C != 0`, `C`), `C++` for a done count (COND `C < E`, `C != E`). In
 *    the model each thread of T makes at most one step along every path. This is
 *    checked on the lowered model: the steps are posts of the pseudo-semaphore
 *    `finished$C`, and lower_joinall_check counts them as for a wait loop's semaphore.
 *  - Main starts C high enough. Let c0 be C's value before the loop, u main's net
 *    change during it, t the threads started.
 *    - Live count: the loop sets c0 = 0 (`C = 0;` in the block before it, or C is
 *      static, zero-initialised and main's top-level body writes it nowhere else).
 *      Each pass makes one `C++` at its top level, and at most one `C--`, in the
 *      branch where its pthread_create failed. So u >= t.
 *    - Or `C = E;` just before the loop with E the loop's count and no change in the
 *      loop: c0 = E >= t.
 *    - Done count: c0 = 0 and no change in the loop; E is the loop's count.
 *  - Between the loop and W main does not change C, leave the block, or change E's
 *    variables.
 * Then, C's changes being those (and serialised: a race on C, were there one, is
 * reported on C), when W ends a live count has made at least c0 + u >= t steps and a
 * done count at least E >= t. Each thread steps once at most, so every thread of T has
 * stepped. At W's exit the lowering says `joinall T, finished$C`: the net empties the
 * places of T that no path from its start reaches through a step (what a thread does
 * after its step still runs beside main), as for a wait loop. */
#include "rf-c-lower-private.h"

#include <string.h>

/* The kind of step E makes on C: +1, -1, or 0 (not a unit step of C; NULL C: any). */
static gint
unit_step (CExpr *e, CDecl *c)
{
  e = c_peel (e);
  gint64 k;
  if (!e)
    return 0;
  if (e->kind == C_EXPR_UNARY && (e->op == C_OP_PREINC || e->op == C_OP_POSTINC) && lower_ident_decl (e->a) == c)
    return 1;
  if (e->kind == C_EXPR_UNARY && (e->op == C_OP_PREDEC || e->op == C_OP_POSTDEC) && lower_ident_decl (e->a) == c)
    return -1;
  if (e->kind == C_EXPR_ASSIGN && lower_ident_decl (e->a) == c && (e->op == C_OP_ADD_ASSIGN || e->op == C_OP_SUB_ASSIGN)
      && c_const_int (e->b, &k) && k == 1)
    return e->op == C_OP_ADD_ASSIGN ? 1 : -1;
  CExpr *r = e->kind == C_EXPR_ASSIGN && e->op == C_OP_ASSIGN && lower_ident_decl (e->a) == c ? c_peel (e->b) : NULL;
  if (r && r->kind == C_EXPR_BINARY && (r->op == C_OP_ADD || r->op == C_OP_SUB) && lower_ident_decl (r->a) == c
      && c_const_int (r->b, &k) && k == 1)
    return r->op == C_OP_ADD ? 1 : -1;
  return 0;
}

/* Writes: the changes of C in a body. steps: unit steps in direction dir; other: any
 * other change (an assignment, a step the other way, its address taken). */
typedef struct {
  CDecl *c;
  gint dir;
  guint steps, other;
  GPtrArray *seen;          /* the step expressions met (CExpr*), or NULL */
} Writes;

static CVisitResult
count_write (CExpr *e, gpointer data)
{
  Writes *w = data;
  gboolean changes = (e->kind == C_EXPR_ASSIGN)
                     || (e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                                    || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC));
  if (!changes || lower_ident_decl (e->a) != w->c)
    return C_VISIT_CONTINUE;
  if (unit_step (e, w->c) == w->dir && w->dir != 0)
    {
      w->steps++;
      if (w->seen)
        g_ptr_array_add (w->seen, e);
    }
  else
    w->other++;
  return C_VISIT_CONTINUE;
}

static Writes
writes_in (CStmt *s, CExpr *e, CDecl *c, gint dir)
{
  Writes w = { c, dir, 0, 0, NULL };
  CVisitor v = { .expr = count_write, .data = &w };
  if (s)
    c_visit_stmt (&v, s);
  if (e)
    c_visit_expr (&v, e);
  return w;
}

/* COND of W as a count's test: `C > 0`, `C != 0`, `C`, `0 < C` (a live count, *DIR
 * -1, *E NULL) or `C < E`, `C != E`, `E > C` (a done count, *DIR 1); C a variable. */
static CDecl *
count_test (CExpr *cond, gint *dir, CExpr **e)
{
  CExpr *c = c_peel (cond);
  gint64 k;
  *e = NULL;
  if (c && c->kind == C_EXPR_IDENT)
    {
      *dir = -1;
      return c->decl;
    }
  if (!c || c->kind != C_EXPR_BINARY)
    return NULL;
  CDecl *l = lower_ident_decl (c->a), *r = lower_ident_decl (c->b);
  gboolean lz = c_const_int (c->a, &k) && k == 0, rz = c_const_int (c->b, &k) && k == 0;
  if (l && rz && (c->op == C_OP_GT || c->op == C_OP_NE))
    {
      *dir = -1;
      return l;
    }
  if (r && lz && (c->op == C_OP_LT || c->op == C_OP_NE))
    {
      *dir = -1;
      return r;
    }
  if (l && (c->op == C_OP_LT || c->op == C_OP_NE))
    {
      *dir = 1, *e = c->b;
      return l;
    }
  if (r && c->op == C_OP_GT)
    {
      *dir = 1, *e = c->a;
      return r;
    }
  return NULL;
}

gboolean
lower_joinall_started_once (Lower *L, CDecl *fn)
{
  guint calls = 0, names = 0;
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *f = g_ptr_array_index (L->decls, i);
      lower_fn_uses (fn, f->kind == C_DECL_FUNC ? f->body : NULL, f->kind == C_DECL_FUNC ? NULL : f->init, &calls,
                     &names);
    }
  return calls == 0 && names == 1;
}

void
lower_calls_closure (Lower *L, GHashTable *set)
{
  GQueue todo = G_QUEUE_INIT;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, set);
  while (g_hash_table_iter_next (&it, &k, NULL))
    g_queue_push_tail (&todo, k);
  while (!g_queue_is_empty (&todo))
    {
      GHashTable *callees = g_hash_table_lookup (L->pre.calls, g_queue_pop_head (&todo));
      if (!callees)
        continue;
      g_hash_table_iter_init (&it, callees);
      while (g_hash_table_iter_next (&it, &k, NULL))
        if (k && !g_hash_table_contains (set, k))
          {
            g_hash_table_add (set, k);
            g_queue_push_tail (&todo, k);
          }
    }
}

void
lower_joinall_thread_sets (Lower *L, CDecl *s, CDecl *main_fn, GHashTable *mine, GHashTable *other)
{
  g_hash_table_add (mine, s);
  lower_calls_closure (L, mine);
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, L->pre.addr_funcs);
  while (g_hash_table_iter_next (&it, &k, NULL))
    if (k != s)
      g_hash_table_add (other, k);
  GHashTable *from_main = g_hash_table_lookup (L->pre.calls, main_fn);
  if (from_main)
    {
      g_hash_table_iter_init (&it, from_main);
      while (g_hash_table_iter_next (&it, &k, NULL))
        if (k)
          g_hash_table_add (other, k);
    }
  lower_calls_closure (L, other);
}

/* Every function but MAIN_FN that changes C runs in threads started at S only, and
 * makes only unit steps in direction DIR (see the approach). */
static gboolean
steps_only_in (Lower *L, CDecl *c, gint dir, CDecl *s, CDecl *main_fn)
{
  g_autoptr (GHashTable) mine = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) other = g_hash_table_new (NULL, NULL);
  lower_joinall_thread_sets (L, s, main_fn, mine, other);
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *f = g_ptr_array_index (L->decls, i);
      if (f->kind != C_DECL_FUNC || !f->body || f == main_fn)
        continue;
      Writes w = writes_in (f->body, NULL, c, dir);
      if (w.other > 0 || (w.steps > 0 && (!g_hash_table_contains (mine, f) || g_hash_table_contains (other, f))))
        return FALSE;
    }
  return TRUE;
}

/* The create statement of a pass and its failure test: `if (pthread_create (...) ...)`
 * or `if (rc ...)` with `rc = pthread_create (...)` in the statement before (or in the
 * condition), the test true when the call failed (`X`, `X != 0`, `0 != X`); the
 * if statement, or NULL. */
CStmt *
lower_joinall_failure_branch (GPtrArray *body, CExpr *create)
{
  for (guint i = 0; i < body->len; i++)
    {
      CStmt *s = g_ptr_array_index (body, i);
      if (s->kind != C_STMT_IF)
        continue;
      CExpr *c = c_peel (s->expr), *x = c;
      gint64 k;
      if (c && c->kind == C_EXPR_BINARY && c->op == C_OP_NE && c_const_int (c->b, &k) && k == 0)
        x = c_peel (c->a);
      else if (c && c->kind == C_EXPR_BINARY && c->op == C_OP_NE && c_const_int (c->a, &k) && k == 0)
        x = c_peel (c->b);
      if (x == create)
        return s;
      if (x && x->kind == C_EXPR_ASSIGN && x->op == C_OP_ASSIGN && c_peel (x->b) == create)
        return s;
      /* `rc = pthread_create (...);` or `int rc = pthread_create (...);` just before */
      CStmt *prev = i > 0 ? g_ptr_array_index (body, i - 1) : NULL;
      CExpr *pe = prev && prev->kind == C_STMT_EXPR ? c_peel (prev->expr) : NULL;
      if (x && x->kind == C_EXPR_IDENT && pe && pe->kind == C_EXPR_ASSIGN && pe->op == C_OP_ASSIGN
          && lower_ident_decl (pe->a) == x->decl && c_peel (pe->b) == create)
        return s;
      CDecl *pd = prev && prev->kind == C_STMT_DECL && prev->items && prev->items->len == 1
                  ? g_ptr_array_index (prev->items, 0) : NULL;
      if (x && x->kind == C_EXPR_IDENT && pd && pd == x->decl && pd->init && c_peel (pd->init->expr) == create)
        return s;
    }
  return NULL;
}

/* The pass body BODY of a live count's create loop makes one C++ at its top level on
 * every pass that reaches the create call (before it, with nothing before it that
 * could skip it: no break, continue or goto) and at most one C--, in the branch where
 * the create call failed. */
static gboolean
pass_counts (Lower *L, CStmt *body, CExpr *create, CDecl *c)
{
  if (!body || body->kind != C_STMT_COMPOUND || !body->items)
    return FALSE;
  GPtrArray *b = body->items;
  CStmt *fail = lower_joinall_failure_branch (b, create);
  guint ups = 0;
  gboolean created = FALSE, skipped = FALSE;
  for (guint i = 0; i < b->len; i++)
    {
      CStmt *s = g_ptr_array_index (b, i);
      gboolean has_create = lower_stmt_holds (s, create);
      if (s->kind == C_STMT_EXPR && unit_step (s->expr, c) == 1 && (created || skipped))
        return FALSE;  /* after the create, or maybe skipped */
      created = created || has_create;
      if (!has_create && ups == 0)
        skipped = skipped || lower_joinall_jumps (L, s, TRUE, NULL);
      if (s == fail)
        {
          /* its condition changes nothing of C; its then-branch steps down once at
           * its top level at most (the else-branch is the success path) */
          Writes wc = writes_in (NULL, s->expr, c, 1);
          Writes we = writes_in (s->else_body, NULL, c, 1);
          Writes wt = writes_in (s->body, NULL, c, -1);
          if (wc.steps + wc.other + we.steps + we.other > 0 || wt.other > 0 || wt.steps > 1)
            return FALSE;
          if (wt.steps == 1)
            {
              GPtrArray *tb = s->body->kind == C_STMT_COMPOUND ? s->body->items : NULL;
              gboolean top = FALSE;
              for (guint m = 0; tb && m < tb->len; m++)
                {
                  CStmt *t = g_ptr_array_index (tb, m);
                  top = top || (t->kind == C_STMT_EXPR && unit_step (t->expr, c) == -1);
                }
              if (!top && !(s->body->kind == C_STMT_EXPR && unit_step (s->body->expr, c) == -1))
                return FALSE;
            }
          continue;
        }
      if (s->kind == C_STMT_EXPR && unit_step (s->expr, c) == 1)
        {
          ups++;
          continue;
        }
      Writes w = writes_in (s, NULL, c, 1);
      if (w.steps + w.other > 0)
        return FALSE;
    }
  return ups == 1;
}

/* C's value before the loop ITEMS[FIRST] as main sets it: the last of the block's
 * statements before the loop that changes C is `C = V;` (*V, at ITEMS[*AT]); or none
 * does, the block is main's body and C is zero-initialised (*V NULL, *AT 0). What
 * functions main calls may do to C, steps_only_in sees. */
static gboolean
start_value (Lower *L, CDecl *main_fn, GPtrArray *items, guint first, CDecl *c, CExpr **v, guint *at)
{
  *v = NULL;
  for (guint j = first; j-- > 0;)
    {
      CStmt *s = g_ptr_array_index (items, j);
      Writes w = writes_in (s, NULL, c, 0);
      if (w.steps + w.other == 0)
        continue;
      CExpr *e = s->kind == C_STMT_EXPR ? c_peel (s->expr) : NULL;
      if (!e || e->kind != C_EXPR_ASSIGN || e->op != C_OP_ASSIGN || lower_ident_decl (e->a) != c)
        return FALSE;
      *v = e->b, *at = j;
      return TRUE;
    }
  /* no assignment in the block: the block must be main's body, C zero-initialised and
   * never changed by main before the loop */
  gint64 k;
  if (items != main_fn->body->items || !(c->init == NULL || (c->init->expr && c_const_int (c->init->expr, &k) && k == 0)))
    return FALSE;
  *at = 0;
  return TRUE;
}

gboolean
lower_joinall_count (Lower *L, GPtrArray *items, guint i, guint k, const CountedLoop *cl, CExpr *create,
                     const JoinSite *csite, CDecl **counter)
{
  CDecl *main_fn = L->frame->fn;
  CStmt *w = g_ptr_array_index (items, k);
  if (w->kind != C_STMT_WHILE || lower_joinall_jumps (L, w->body, TRUE, NULL))
    return FALSE;
  gint dir;
  CExpr *e;
  CDecl *c = count_test (w->expr, &dir, &e);
  /* a global integer no pointer reaches */
  if (!c || c->kind != C_DECL_VAR || c->thread_local || !(c->file_scope || c_is_static_object (c))
      || !lower_int_type (L, c->type) || csite->helper)
    return FALSE;
  RfCObj *r = rf_c_objects_find (L->objs, RF_C_OBJ_VAR, rf_c_objects_var_key (c));
  if (!r || r->reachable)
    return FALSE;
  /* the threads that step it: those of this create call alone */
  CDecl *s = lower_func_named (L, c_arg (create, 2));
  if (!s || !s->body || !lower_joinall_started_once (L, s) || !steps_only_in (L, c, dir, s, main_fn))
    return FALSE;
  /* nothing between the loop and W leaves the block or changes C */
  for (guint m = i + 1; m < k; m++)
    {
      CStmt *x = g_ptr_array_index (items, m);
      Writes wx = writes_in (x, NULL, c, 0);
      if (lower_joinall_jumps (L, x, TRUE, NULL) || wx.steps + wx.other > 0)
        return FALSE;
    }
  /* the start value, and main's changes in the loop */
  guint first = csite->helper ? i : lower_counted_first (cl, i);
  CExpr *v;
  guint at;
  if (!start_value (L, main_fn, items, first, c, &v, &at))
    return FALSE;
  gint64 z;
  gboolean zero = !v || (c_const_int (v, &z) && z == 0);
  CStmt *loop_stmt = cl->stmt;
  Writes wl = writes_in (loop_stmt, NULL, c, 0);
  /* the loop's count, [0, hi): E, or a start value E */
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  gboolean counted_from_zero = !cl->lo.e && cl->lo.off == 0 && cl->hi.e && cl->hi.off == 0;
  if (dir == 1)
    {
      /* a done count: from 0, untouched by the loop, up to the loop's count */
      if (!zero || wl.steps + wl.other > 0 || !counted_from_zero || !lower_same_value (L, e, cl->hi.e, NULL)
          || !lower_value_vars (e, vars))
        return FALSE;
    }
  else if (zero)
    {
      /* a live count from 0: one C++ a pass, a C-- only where the create failed */
      if (!pass_counts (L, cl->body, create, c))
        return FALSE;
    }
  else
    {
      /* a live count from the loop's count, untouched by the loop */
      if (wl.steps + wl.other > 0 || !counted_from_zero || !lower_same_value (L, v, cl->hi.e, NULL)
          || !lower_value_vars (v, vars))
        return FALSE;
    }
  /* E's variables keep their values from where it is read to W */
  guint from = dir == -1 && !zero ? at : first;
  g_autoptr (GHashTable) funcs = lower_joinall_region_funcs (L, items, from, k);
  if (vars->len > 0 && !lower_joinall_stable (L, vars, items, from, k, main_fn, funcs))
    return FALSE;
  *counter = c;
  return TRUE;
}

gboolean
lower_joinall_started (Lower *L, GPtrArray *items, guint i, guint k, const CountedLoop *cl, CExpr *create,
                       const CountedLoop *wl)
{
  CDecl *main_fn = L->frame->fn;
  /* the wait loop counts from 0 up to K, a local of main no pointer reaches */
  CDecl *kv = wl->hi.e ? lower_ident_decl (wl->hi.e) : NULL;
  if (!kv || wl->lo.e || wl->lo.off != 0 || wl->hi.off != 0 || kv->kind != C_DECL_VAR || kv->file_scope
      || c_is_static_object (kv) || g_hash_table_contains (L->pre.escaped, kv) || !lower_int_type (L, kv->type)
      || kv == cl->index || kv == wl->index)
    return FALSE;
  /* K is 0 before the create loop */
  guint first = lower_counted_first (cl, i), at;
  CExpr *v;
  gint64 z;
  if (!start_value (L, main_fn, items, first, kv, &v, &at) || (v && !(c_const_int (v, &z) && z == 0)))
    return FALSE;
  /* nothing between the loops, nor the wait loop, changes it */
  for (guint m = i + 1; m <= k; m++)
    {
      Writes w = writes_in (g_ptr_array_index (items, m), NULL, kv, 0);
      if (w.steps + w.other > 0)
        return FALSE;
    }
  /* each pass that starts a thread counts it once: one K++ at the body's top level,
   * before the create with nothing that could skip it, or after it with nothing
   * between that could skip it but the branch where the create failed */
  CStmt *body = cl->body;
  if (!body || body->kind != C_STMT_COMPOUND || !body->items)
    return FALSE;
  GPtrArray *b = body->items;
  CStmt *fail = lower_joinall_failure_branch (b, create);
  gint up = -1, made = -1;
  gboolean skip_before = FALSE;
  for (guint m = 0; m < b->len; m++)
    {
      CStmt *s = g_ptr_array_index (b, m);
      if (made < 0 && lower_stmt_holds (s, create))
        made = (gint) m;
      if (s->kind == C_STMT_EXPR && unit_step (s->expr, kv) == 1)
        {
          if (up >= 0)
            return FALSE;
          up = (gint) m;
          continue;
        }
      Writes w = writes_in (s, NULL, kv, 0);
      if (w.steps + w.other > 0)
        return FALSE;
      if (up < 0 && made < 0 && lower_joinall_jumps (L, s, TRUE, NULL))
        skip_before = TRUE;
    }
  if (up < 0 || made < 0)
    return FALSE;
  if (up < made)
    return !skip_before;
  for (gint m = made; m < up; m++)
    {
      CStmt *s = g_ptr_array_index (b, m);
      if (s == fail)
        {
          if (s->else_body && lower_joinall_jumps (L, s->else_body, TRUE, NULL))
            return FALSE;
        }
      else if (lower_joinall_jumps (L, s, TRUE, NULL))
        return FALSE;
    }
  return TRUE;
}

void
lower_joinall_count_step (Lower *L, CExpr *e)
{
  CExpr *lv = c_peel (e->a);
  CDecl *d = lv && lv->kind == C_EXPR_IDENT ? lv->decl : NULL;
  if (!d || L->quiet)
    return;
  GPtrArray *lists[2] = { L->jobs.joinall, L->jobs.joinall_done };
  for (guint l = 0; l < 2; l++)
    for (guint i = 0; i < lists[l]->len; i++)
      {
        JoinAllPlan *p = g_ptr_array_index (lists[l], i);
        if (p->counter != d || L->job->id == p->main_job)
          continue;
        g_autofree char *name = g_strdup_printf ("finished$%s", d->name);
        gint s = lower_var (L, name, RF_VAR_SEM, d->loc);
        g_autofree char *t = g_strdup_printf ("step of %s", d->name);
        lower_emit (L, s < 0 ? RF_OP_SKIP : RF_OP_POST, s, -1, e->loc, t);
        return;
      }
}
