/* rf-c-lower-sites: what the pre-pass knows of allocation sites and globals as a whole.
 *
 * Approach. Four whole-program facts, each read off the syntax tree once, before any
 * job is lowered (rf-c-lower-prepass.c calls them):
 *   - the allocation wrappers (lower_alloc_wrappers): functions each call of which is
 *     an allocation site of its own, found before the pre-pass walk names the sites;
 *   - the allocation sites that allocate one object at most once in a run
 *     (lower_once_sites): one object, not a summary;
 *   - the expressions that may change each static object (lower_static_writes);
 *   - the stable global pointers that only ever hold a new allocation or NULL
 *     (lower_fresh_globals): indexing one counts from the start of one object;
 *   - the globals only main sets, before it starts any thread (lower_stable_globals):
 *     fixed while any other thread runs.
 * Each states, at its function, why what it finds holds in every run. */
#include "rf-c-lower-private.h"

#include <string.h>

/* OnceWalk: once_sites' walk of main: loops, the nesting of loops around the node
 * walked; bad, main holds what could run a statement twice; mark: mark the sites
 * (the second walk, when the first found nothing bad). */
typedef struct {
  Lower *L;
  guint loops;
  gboolean bad, mark;
} OnceWalk;

static CVisitResult
once_stmt (CStmt *s, gpointer data)
{
  OnceWalk *w = data;
  switch (s->kind)
    {
    case C_STMT_FOR: case C_STMT_WHILE: case C_STMT_DO:
      w->loops++;
      return C_VISIT_CONTINUE;
    case C_STMT_LABEL: case C_STMT_LOCAL_LABEL: case C_STMT_GOTO_PTR: case C_STMT_ASM:
      w->bad = TRUE;  /* a jump back to a label */
      return C_VISIT_STOP;
    default:
      return C_VISIT_CONTINUE;
    }
}

static void
once_stmt_done (CStmt *s, gpointer data)
{
  if (s->kind == C_STMT_FOR || s->kind == C_STMT_WHILE || s->kind == C_STMT_DO)
    ((OnceWalk *) data)->loops--;
}

/* The size S is `sizeof (T)` or `sizeof e` of a type compatible with T. */
static gboolean
size_of_type (Lower *L, CExpr *s, CType *t)
{
  s = c_peel (s);
  if (!s || s->kind != C_EXPR_SIZEOF || !t)
    return FALSE;
  CType *st = s->type ? s->type : type_of (L, s->a);
  return st && compatible (L, st, t);
}

/* Allocation CALL of object R holds one object of R's type, not an array of them (whose
 * elements the site's location would stand for all at once): `malloc (sizeof *p)`,
 * `calloc (1, sizeof (T))`. */
static gboolean
one_cell (Lower *L, CExpr *call, RfCObj *r)
{
  const char *n = c_callee_name (call);
  gint64 one = 0;
  if (!r->type || type_is_any (L, r->type))
    return FALSE;
  if (strcmp (n, "malloc") == 0)
    return size_of_type (L, c_arg (call, 0), r->type);
  if (strcmp (n, "calloc") == 0)
    return (c_const_int (c_arg (call, 0), &one) && one == 1 && size_of_type (L, c_arg (call, 1), r->type))
           || (c_const_int (c_arg (call, 1), &one) && one == 1 && size_of_type (L, c_arg (call, 0), r->type));
  return FALSE;
}

static CVisitResult
once_expr (CExpr *e, gpointer data)
{
  OnceWalk *w = data;
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (!n)
    return C_VISIT_CONTINUE;
  if (strstr (n, "setjmp") || strstr (n, "getcontext"))
    {
      w->bad = TRUE;  /* a longjmp could come back to an earlier statement */
      return C_VISIT_STOP;
    }
  RfCObj *r = w->mark && w->loops == 0 && lower_is_alloc (w->L, n) ? lower_root_find (w->L, RF_C_OBJ_HEAP, e) : NULL;
  if (r && one_cell (w->L, e, r))
    r->summary = FALSE;
  return C_VISIT_CONTINUE;
}

/* An allocation call of one object (one_cell) in main's own body (not in a function it
 * calls), outside every loop (a statement expression's too), runs at most once in a run when no function
 * calls main, its address is never taken, and it holds no label, computed goto, asm or
 * setjmp that could run the call again: its site stands for one object, so a mutex in
 * it is one mutex (`pthread_mutex_t *m = malloc (...)` shared through a global). */
void
lower_once_sites (Lower *L)
{
  CDecl *m = L->module ? NULL : lower_func_def (L, "main");
  if (!m || !m->body || g_hash_table_contains (L->pre.addr_funcs, m) || g_hash_table_contains (L->pre.recursive, m))
    return;
  GHashTableIter it;
  gpointer fn, callees;
  g_hash_table_iter_init (&it, L->pre.calls);
  while (g_hash_table_iter_next (&it, &fn, &callees))
    if (callees && g_hash_table_contains (callees, m))
      return;
  OnceWalk w = { L, 0, FALSE, FALSE };
  CVisitor v = { .stmt = once_stmt, .stmt_done = once_stmt_done, .expr = once_expr, .data = &w };
  c_visit_stmt (&v, m->body);
  if (w.bad)
    return;
  w.mark = TRUE;
  w.loops = 0;
  c_visit_stmt (&v, m->body);
}

/* ---- allocation wrappers ---- */

/* Wrap: the walk checking a candidate wrapper W: held, the locals holding its new
 * object; bad, a use of one that could let the object out other than by return. */
typedef struct {
  Lower *L;
  CDecl *w;
  GHashTable *held;
  gboolean bad;
} Wrap;

/* E is an allocation call: of the C library, or of a wrapper found so far. */
static gboolean
allocates (Lower *L, CExpr *e)
{
  e = c_peel (e);
  const char *n = e && e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  return lower_is_new_alloc (L, n);
}

static gboolean
is_held (Wrap *w, CExpr *e)
{
  e = c_peel (e);
  return e && e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (w->held, e->decl);
}

static CVisitResult wrap_expr (CExpr *e, gpointer data);
static CVisitResult wrap_stmt (CStmt *s, gpointer data);

static void
wrap_walk_args (Wrap *w, CExpr *call)
{
  CVisitor v = { .stmt = wrap_stmt, .expr = wrap_expr, .data = w };
  call = c_peel (call);
  for (guint k = 0; call && call->kind == C_EXPR_CALL && call->args && k < call->args->len; k++)
    c_visit_expr (&v, g_ptr_array_index (call->args, k));
}

/* E is `p = ALLOC` for a holder p (the allocation's arguments walked). */
static gboolean
holder_assign (Wrap *w, CExpr *e)
{
  e = c_peel (e);
  if (!e || e->kind != C_EXPR_ASSIGN || e->op != C_OP_ASSIGN || !is_held (w, e->a) || !allocates (w->L, e->b))
    return FALSE;
  wrap_walk_args (w, e->b);
  return TRUE;
}

/* E only tests a holder against null: p, !p, p == NULL, (p = ALLOC) != 0 ... */
static gboolean
holder_test (Wrap *w, CExpr *e)
{
  e = c_peel (e);
  if (!e)
    return FALSE;
  if (is_held (w, e) || holder_assign (w, e))
    return TRUE;
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    return holder_test (w, e->a);
  if (e->kind == C_EXPR_BINARY && (e->op == C_OP_EQ || e->op == C_OP_NE))
    return (c_is_null_constant (e->b) && holder_test (w, e->a)) || (c_is_null_constant (e->a) && holder_test (w, e->b));
  return FALSE;
}

static CVisitResult
wrap_expr (CExpr *e, gpointer data)
{
  Wrap *w = data;
  if (e->kind == C_EXPR_IDENT && is_held (w, e))
    {
      w->bad = TRUE;  /* the object used as a value: it may get out */
      return C_VISIT_STOP;
    }
  if (((e->kind == C_EXPR_UNARY && e->op == C_OP_NOT) || (e->kind == C_EXPR_BINARY && (e->op == C_OP_EQ || e->op == C_OP_NE)))
      && holder_test (w, e))
    return C_VISIT_SKIP;
  if (e->kind == C_EXPR_CALL)
    {
      const char *n = c_callee_name (e);
      gint64 byte = 1;
      if (n && lower_func_def (w->L, n) == w->w)
        {
          w->bad = TRUE;  /* recursive */
          return C_VISIT_STOP;
        }
      /* memset (p, 0, n): null bytes, no pointer */
      if (n && (strcmp (n, "memset") == 0 || strcmp (n, "__builtin_memset") == 0) && is_held (w, c_arg (e, 0))
          && c_const_int (c_arg (e, 1), &byte) && byte == 0)
        {
          CVisitor v = { .stmt = wrap_stmt, .expr = wrap_expr, .data = w };
          c_visit_expr (&v, c_arg (e, 2));
          return C_VISIT_SKIP;
        }
    }
  return C_VISIT_CONTINUE;
}

static CVisitResult
wrap_stmt (CStmt *s, gpointer data)
{
  Wrap *w = data;
  CVisitor v = { .stmt = wrap_stmt, .expr = wrap_expr, .data = w };
  switch (s->kind)
    {
    case C_STMT_EXPR:
      return s->expr && holder_assign (w, s->expr) ? C_VISIT_SKIP : C_VISIT_CONTINUE;
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        {
          CDecl *d = g_ptr_array_index (s->items, i);
          if (g_hash_table_contains (w->held, d))
            wrap_walk_args (w, d->init ? d->init->expr : NULL);
          else if (d->init)
            c_visit_init (&v, d->init);
        }
      return C_VISIT_SKIP;
    case C_STMT_IF: case C_STMT_WHILE: case C_STMT_DO:
      if (s->expr && holder_test (w, s->expr))
        {
          c_visit_stmt (&v, s->body);
          c_visit_stmt (&v, s->else_body);
          return C_VISIT_SKIP;
        }
      return C_VISIT_CONTINUE;
    case C_STMT_RETURN:
      if (s->expr && (is_held (w, s->expr) || c_is_null_constant (s->expr)))
        return C_VISIT_SKIP;
      if (s->expr && allocates (w->L, s->expr))
        {
          wrap_walk_args (w, s->expr);
          return C_VISIT_SKIP;
        }
      w->bad = TRUE;  /* returns something else */
      return C_VISIT_STOP;
    default:
      return C_VISIT_CONTINUE;
    }
}

/* The holders of candidate W: pointer locals declared with an allocation or nothing as
 * their initialiser, whose address W never takes. */
static CVisitResult
wrap_holders (CStmt *s, gpointer data)
{
  Wrap *w = data;
  if (s->kind != C_STMT_DECL)
    return C_VISIT_CONTINUE;
  for (guint i = 0; s->items && i < s->items->len; i++)
    {
      CDecl *d = g_ptr_array_index (s->items, i);
      if (d->kind == C_DECL_VAR && !c_is_static_object (d) && is_pointerish (w->L, d->type)
          && (!d->init || (d->init->expr && allocates (w->L, d->init->expr)))
          && !lower_body_takes_addr (w->L, w->w->body, d))
        g_hash_table_add (w->held, d);
    }
  return C_VISIT_CONTINUE;
}

static CVisitResult
returns_new (CStmt *s, gpointer data)
{
  Wrap *w = data;
  return s->kind == C_STMT_RETURN && s->expr && (is_held (w, s->expr) || allocates (w->L, s->expr)) ? C_VISIT_STOP
                                                                                                     : C_VISIT_CONTINUE;
}

/* A function of the program that returns a new object (of an allocation call in it, or
 * of another wrapper) or null on every path, and lets the object out no other way (it
 * only tests it against null and clears it with memset (p, 0, n)), is an allocation
 * wrapper (xmalloc, a zeroing xcalloc): each call of it is an allocation site of its
 * own, named and typed at the call, so that two calls are two objects. The object's
 * only way out is the result, so nothing else names it. */
void
lower_alloc_wrappers (Lower *L)
{
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint i = 0; i < L->decls->len; i++)
        {
          CDecl *f = g_ptr_array_index (L->decls, i);
          CType *ft = f->kind == C_DECL_FUNC && f->body ? strip (L, f->type) : NULL;
          if (!ft || ft->kind != C_TYPE_FUNCTION || !is_pointerish (L, ft->base) || f->in_system
              || g_hash_table_contains (L->pre.wrappers, f) || !f->name || strcmp (f->name, "main") == 0)
            continue;
          g_autoptr (GHashTable) held = g_hash_table_new (NULL, NULL);
          Wrap w = { L, f, held, FALSE };
          CVisitor hv = { .stmt = wrap_holders, .data = &w };
          c_visit_stmt (&hv, f->body);
          CVisitor rv = { .stmt = returns_new, .data = &w };
          if (!c_visit_stmt (&rv, f->body))
            continue;  /* returns no new object */
          CVisitor v = { .stmt = wrap_stmt, .expr = wrap_expr, .data = &w };
          c_visit_stmt (&v, f->body);
          if (!w.bad)
            g_hash_table_add (L->pre.wrappers, f), changed = TRUE;
        }
    }
}

/* ---- globals set before any thread starts ---- */

/* A call that starts code running beside the caller: a thread, a signal handler, an
 * exit handler, a key destructor (rf-c-libc.h). */
static gboolean
starts_others (Lower *L, const char *n)
{
  if (!n || lower_func_def (L, n))
    return FALSE;
  RfCLibcEffect k = lower_effect_of (n);
  return k == RF_C_LIBC_CREATE || k == RF_C_LIBC_SIGNAL_HANDLER || k == RF_C_LIBC_SIGACTION
         || k == RF_C_LIBC_AT_EXIT || k == RF_C_LIBC_KEY_CREATE;
}

/* Starts: the walk for what a statement may start (directly or through a function). */
typedef struct {
  Lower *L;
  GHashTable *starters;   /* CDecl* of functions that may start others */
  gboolean found;
} Starts;

static CVisitResult
starts_expr (CExpr *e, gpointer data)
{
  Starts *st = data;
  if (e->kind != C_EXPR_CALL)
    return C_VISIT_CONTINUE;
  const char *n = c_callee_name (e);
  CDecl *f = n ? lower_func_def (st->L, n) : NULL;
  /* through a pointer: any function */
  if (starts_others (st->L, n) || (!n && g_hash_table_size (st->starters) > 0) || (f && g_hash_table_contains (st->starters, f)))
    {
      st->found = TRUE;
      return C_VISIT_STOP;
    }
  return C_VISIT_CONTINUE;
}

/* Writes: the walk counting, per static object, the expressions that may change it
 * (an assignment, an increment, its address taken). */
static CVisitResult
count_writes (CExpr *e, gpointer data)
{
  CExpr *a = NULL;
  if (e->kind == C_EXPR_ASSIGN)
    a = c_peel (e->a);
  else if (e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                       || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC))
    a = c_peel (e->a);
  if (a && a->kind == C_EXPR_IDENT && a->decl && c_is_static_object (a->decl))
    {
      GHashTable *counts = data;
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, a->decl));
      g_hash_table_insert (counts, a->decl, GUINT_TO_POINTER (n + 1));
    }
  return C_VISIT_CONTINUE;
}

/* A static object that only main's statements before the first one that may start
 * another thread (or handler) change, and whose address is never taken, has one value
 * while any other thread runs (main itself sets it no more). Main must be called by
 * no function. Such globals are stable: a pointer one of them holds is fixed. */
void
lower_static_writes (Lower *L)
{
  CVisitor av = { .expr = count_writes, .data = L->pre.static_writes };
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *f = g_ptr_array_index (L->decls, i);
      if (f->in_system)
        continue;
      if (f->kind == C_DECL_FUNC && f->body)
        c_visit_stmt (&av, f->body);
      else if (f->kind == C_DECL_VAR && f->init)
        c_visit_init (&av, f->init);
    }
}

/* The number of leading statements of main's body that may start no other thread (nor
 * handler), main being called by no function; 0 when there is no such main. */
guint
lower_main_prefix (Lower *L)
{
  CDecl *m = L->module ? NULL : lower_func_def (L, "main");
  if (!m || !m->body || m->body->kind != C_STMT_COMPOUND || !m->body->items
      || g_hash_table_contains (L->pre.addr_funcs, m) || g_hash_table_contains (L->pre.recursive, m))
    return 0;
  /* the functions that may start others, closed under their callers */
  g_autoptr (GHashTable) starters = g_hash_table_new (NULL, NULL);
  Starts st = { L, starters, FALSE };
  CVisitor sv = { .expr = starts_expr, .data = &st };
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint i = 0; i < L->decls->len; i++)
        {
          CDecl *f = g_ptr_array_index (L->decls, i);
          if (f->kind != C_DECL_FUNC || !f->body || g_hash_table_contains (starters, f))
            continue;
          st.found = FALSE;
          c_visit_stmt (&sv, f->body);
          if (st.found)
            g_hash_table_add (starters, f), changed = TRUE;
        }
    }
  guint n = 0;
  for (; n < m->body->items->len; n++)
    {
      st.found = FALSE;
      c_visit_stmt (&sv, g_ptr_array_index (m->body->items, n));
      if (st.found)
        break;
    }
  return n;
}

void
lower_stable_globals (Lower *L)
{
  guint n = lower_main_prefix (L);
  CDecl *m = n > 0 ? lower_func_def (L, "main") : NULL;
  if (!m)
    return;
  GHashTable *all = L->pre.static_writes;
  g_autoptr (GHashTable) before = g_hash_table_new (NULL, NULL);
  CVisitor bv = { .expr = count_writes, .data = before };
  for (guint i = 0; i < n; i++)
    c_visit_stmt (&bv, g_ptr_array_index (m->body->items, i));
  GHashTableIter it;
  gpointer d, k;
  g_hash_table_iter_init (&it, all);
  while (g_hash_table_iter_next (&it, &d, &k))
    if (g_hash_table_lookup (before, d) == k && !g_hash_table_contains (L->pre.addr_members, d))
      g_hash_table_add (L->pre.stable, d);  /* an address taken, even early, may let a thread write it later */
}

/* FreshWrites: the walk checking that every change of d is `d = <new allocation>` or
 * `d = NULL` (bad: anything else, its address taken). */
typedef struct {
  Lower *L;
  CDecl *d;
  gboolean bad;
} FreshWrites;

static CVisitResult
fresh_write (CExpr *e, gpointer data)
{
  FreshWrites *fw = data;
  if (e->kind == C_EXPR_ASSIGN && lower_ident_decl (e->a) == fw->d)
    {
      CExpr *r = c_peel (e->b);
      const char *n = r && r->kind == C_EXPR_CALL ? c_callee_name (r) : NULL;
      if (e->op != C_OP_ASSIGN || !(c_is_null_constant (e->b) || lower_is_new_alloc (fw->L, n)))
        fw->bad = TRUE;
    }
  else if (e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                       || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC)
           && lower_ident_decl (e->a) == fw->d)
    fw->bad = TRUE;
  return C_VISIT_CONTINUE;
}

void
lower_fresh_globals (Lower *L)
{
  GHashTableIter it;
  gpointer d;
  g_hash_table_iter_init (&it, L->pre.stable);
  while (g_hash_table_iter_next (&it, &d, NULL))
    {
      CDecl *v = d;
      CType *t = strip (L, v->type);
      if (!t || t->kind != C_TYPE_POINTER || v->thread_local
          || (v->init && !(v->init->expr && c_is_null_constant (v->init->expr))))
        continue;
      FreshWrites fw = { L, v, FALSE };
      CVisitor fv = { .expr = fresh_write, .data = &fw };
      for (guint i = 0; i < L->decls->len && !fw.bad; i++)
        {
          CDecl *f = g_ptr_array_index (L->decls, i);
          if (f->kind == C_DECL_FUNC && f->body)
            c_visit_stmt (&fv, f->body);
          else if (f->kind == C_DECL_VAR && f->init)
            c_visit_init (&fv, f->init);
        }
      if (!fw.bad)
        g_hash_table_add (L->pre.fresh_globals, v);
    }
}

gboolean
lower_fresh_local (Lower *L, CDecl *v, CDecl *fn)
{
  CType *t = v ? strip (L, v->type) : NULL;
  if (!t || t->kind != C_TYPE_POINTER || v->kind != C_DECL_VAR || v->file_scope || c_is_static_object (v)
      || !fn || !fn->body || g_hash_table_contains (L->pre.escaped, v))
    return FALSE;
  if (v->init)
    {
      CExpr *r = v->init->expr ? c_peel (v->init->expr) : NULL;
      const char *n = r && r->kind == C_EXPR_CALL ? c_callee_name (r) : NULL;
      if (!r || !(c_is_null_constant (r) || lower_is_new_alloc (L, n)))
        return FALSE;
    }
  FreshWrites fw = { L, v, FALSE };
  c_visit_stmt (&(CVisitor) { .expr = fresh_write, .data = &fw }, fn->body);
  return !fw.bad;
}
