/* rf-c-lower-joinall-site: where the create loop and the join loop of a join plan are
 * (rf-c-lower-joinall.c): a statement of main's block, or the body of a helper
 * function that statement calls, with what the helper's parameters stand for.
 *
 * Approach. Real programs put the two loops in functions: `spawn_all (tids, n);
 * join_all (tids, n);`, `if (start_workers (h, count) < 0) return 1;`, `pthread_t *h =
 * workers_start (count, fn);`. A helper runs where main calls it, once, so its loop is
 * main's loop with each parameter standing for its argument, when:
 *  - the helper is called by name from that statement of main and from nowhere else,
 *    its address is never taken, it is not recursive (it runs there only, once);
 *  - a parameter the loops use is never assigned in the helper nor has its address
 *    taken (it keeps the argument's value), and the argument is made of constants,
 *    variables, members and arithmetic (no call, no side effect): the plan then checks
 *    the argument's variables as it checks main's own (rf-c-lower-joinall.c);
 *  - the helper's body is: statements that do not leave it (but to end the program),
 *    the loop (a while loop after its init), and for a create helper nothing more but
 *    a `return`; a join helper may go on after its loop (the threads are joined then);
 *  - a `return` from inside a create helper's loop (or before it) leaves early, which
 *    is allowed only when main's call is the test of `if (f (...) OP C) END;`, END ends
 *    the program on every path through it (exit, abort, a return from main; no jump
 *    out), the early return gives a constant V with V OP C true, and the return after
 *    the loop (if any) a constant for which it is false: after a partial create loop
 *    main goes no further;
 *  - a create helper may return its handle array, a local it declares (`return
 *    handles;`), when main's statement is `h = f (...);` or `T *h = f (...);`: then the
 *    local stands for main's h (the plan checks h keeps that value up to the join).
 * What a loop inside a helper may not do, and what the plan checks of the variables
 * its header names, is the same as for main's own loops; the last part of this file
 * says what those variables are to the plan: main's or globals, and which members of
 * them the headers read (pointers may reach other members of a static struct:
 * `strcpy (cfg.label, ...)` leaves `cfg.nthreads` out of their reach). */
#include "rf-c-lower-private.h"

#include <string.h>

/* CountCalls: the calls of fn in a body, and any other mention of it. */
typedef struct {
  CDecl *fn;
  guint calls, names;
} CountCalls;

static CVisitResult
count_calls (CExpr *e, gpointer data)
{
  CountCalls *cc = data;
  if (e->kind == C_EXPR_CALL && lower_ident_decl (e->a) && lower_ident_decl (e->a)->name
      && strcmp (lower_ident_decl (e->a)->name, cc->fn->name) == 0)
    cc->calls++;
  if (e->kind == C_EXPR_IDENT && e->decl && e->decl->name && strcmp (e->decl->name, cc->fn->name) == 0)
    cc->names++;
  return C_VISIT_CONTINUE;
}

void
lower_fn_uses (CDecl *fn, CStmt *s, CInit *in, guint *calls, guint *names)
{
  CountCalls cc = { fn, 0, 0 };
  CVisitor vis = { .expr = count_calls, .data = &cc };
  if (s)
    c_visit_stmt (&vis, s);
  if (in)
    c_visit_init (&vis, in);
  *calls += cc.calls;
  *names += cc.names;
}

static const char *const ends_calls[] = { "exit", "_exit", "_Exit", "abort", "quick_exit", "err", "errx",
                                          "verr", "verrx", "pthread_exit" };

/* Statement S ends the program (or main's thread, pthread_exit: the rest of main does
 * not run) on every path through it, and nothing in it jumps elsewhere: its last
 * statement (of a compound) is a call of exit and the like or main's return. */
static gboolean
ends_program (Lower *L, CStmt *s)
{
  if (!s || lower_joinall_jumps (L, s, TRUE, NULL))
    return FALSE;
  while (s && s->kind == C_STMT_COMPOUND)
    s = s->items && s->items->len > 0 ? g_ptr_array_index (s->items, s->items->len - 1) : NULL;
  if (!s)
    return FALSE;
  if (s->kind == C_STMT_RETURN)
    return TRUE;  /* main's own block */
  CExpr *e = s->kind == C_STMT_EXPR ? c_peel (s->expr) : NULL;
  const char *n = e && e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  for (guint i = 0; n && i < G_N_ELEMENTS (ends_calls); i++)
    if (strcmp (n, ends_calls[i]) == 0)
      return TRUE;
  return FALSE;
}

gboolean
lower_ret_check_ends (const RetCheck *rc, CExpr *value)
{
  gint64 v;
  if (!rc || !rc->set || !value || !c_const_int (value, &v))
    return FALSE;
  switch (rc->op)
    {
    case C_OP_NE: return v != rc->rhs;
    case C_OP_EQ: return v == rc->rhs;
    case C_OP_LT: return v < rc->rhs;
    case C_OP_LE: return v <= rc->rhs;
    case C_OP_GT: return v > rc->rhs;
    case C_OP_GE: return v >= rc->rhs;
    default: return FALSE;
    }
}

/* COND as a test of the call of F: `f (...)`, `!f (...)`, `f (...) OP C` or `C OP
 * f (...)`; the call and the test, or NULL. Ordering tests need F to return a signed
 * type (an unsigned -1 is no negative value). */
static CExpr *
tested_call (Lower *L, CExpr *cond, RetCheck *rc)
{
  static const struct { COp op, swapped; } ops[] = {
    { C_OP_NE, C_OP_NE }, { C_OP_EQ, C_OP_EQ }, { C_OP_LT, C_OP_GT },
    { C_OP_LE, C_OP_GE }, { C_OP_GT, C_OP_LT }, { C_OP_GE, C_OP_LE },
  };
  CExpr *c = c_peel (cond), *call = NULL;
  gint64 k;
  *rc = (RetCheck) { TRUE, C_OP_NE, 0 };
  if (c && c->kind == C_EXPR_CALL)
    call = c;
  else if (c && c->kind == C_EXPR_UNARY && c->op == C_OP_NOT && c_peel (c->a)->kind == C_EXPR_CALL)
    call = c_peel (c->a), rc->op = C_OP_EQ;
  else if (c && c->kind == C_EXPR_BINARY)
    for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
      if (c->op == ops[i].op)
        {
          if (c_peel (c->a)->kind == C_EXPR_CALL && c_const_int (c->b, &k))
            call = c_peel (c->a), rc->op = ops[i].op, rc->rhs = k;
          else if (c_peel (c->b)->kind == C_EXPR_CALL && c_const_int (c->a, &k))
            call = c_peel (c->b), rc->op = ops[i].swapped, rc->rhs = k;
        }
  if (!call || !c_callee_name (call))
    return NULL;
  CDecl *f = g_hash_table_lookup (L->funcs, c_callee_name (call));
  CType *ret = f && f->type && f->type->kind == C_TYPE_FUNCTION ? f->type->base : NULL;
  if (rc->op != C_OP_NE && rc->op != C_OP_EQ && !(ret && lower_int_is_signed (L, ret)))
    return NULL;
  return call;
}

/* The helper statement S of MAIN_FN's block calls, with the call (SITE->call), and how
 * (SITE->check, SITE->ret_var): `f (...);`, `if (f (...) OP C) END;`, `h = f (...);`,
 * `T *h = f (...);`; f has a body, is not main, not recursive, its address is never
 * taken, no function but MAIN_FN calls it and MAIN_FN calls it once, by name. */
static CDecl *
helper_of (Lower *L, CStmt *s, CDecl *main_fn, JoinSite *site)
{
  CExpr *e = NULL;
  if (s->kind == C_STMT_EXPR)
    {
      e = c_peel (s->expr);
      if (e && e->kind == C_EXPR_ASSIGN && e->op == C_OP_ASSIGN && lower_ident_decl (e->a))
        site->ret_var = lower_ident_decl (e->a), e = c_peel (e->b);
    }
  else if (s->kind == C_STMT_IF && !s->else_body && ends_program (L, s->body))
    e = tested_call (L, s->expr, &site->check);
  else if (s->kind == C_STMT_DECL && s->items && s->items->len == 1)
    {
      CDecl *d = g_ptr_array_index (s->items, 0);
      if (d->kind == C_DECL_VAR && !c_is_static_object (d) && d->init && d->init->expr)
        site->ret_var = d, e = c_peel (d->init->expr);
    }
  if (!e || e->kind != C_EXPR_CALL || !c_callee_name (e))
    return NULL;
  CDecl *f = g_hash_table_lookup (L->funcs, c_callee_name (e));
  if (!f || f == main_fn || !f->body || f->body->kind != C_STMT_COMPOUND
      || g_hash_table_contains (L->pre.recursive, f) || g_hash_table_contains (L->pre.addr_funcs, f))
    return NULL;
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init (&it, L->pre.calls);
  while (g_hash_table_iter_next (&it, &k, &v))
    if (k != main_fn && (!v || g_hash_table_contains (v, f)))
      return NULL;
  guint calls = 0, names = 0;
  lower_fn_uses (f, main_fn->body, NULL, &calls, &names);
  if (calls != 1 || names != 1)
    return NULL;
  site->call = e;
  return f;
}

/* ParamWrite: the walk looking for a change of the variable d itself (not of what it
 * points to: `p[i] = x` leaves p as it is). */
typedef struct {
  CDecl *d;
  gboolean hit;
} ParamWrite;

static CVisitResult
param_write (CExpr *e, gpointer data)
{
  ParamWrite *pw = data;
  gboolean changes = (e->kind == C_EXPR_ASSIGN)
                     || (e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                                    || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC));
  if (changes && lower_ident_decl (e->a) == pw->d)
    pw->hit = TRUE;
  return C_VISIT_CONTINUE;
}

/* R returns nothing, or a value without side effects (a constant, a variable). */
static gboolean
plain_return (CStmt *r)
{
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  return r->kind == C_STMT_RETURN && (!r->expr || lower_value_vars (r->expr, vars));
}

gboolean
lower_join_site (Lower *L, GPtrArray *items, guint i, CDecl *main_fn, JoinSite *out)
{
  CStmt *s = g_ptr_array_index (items, i);
  *out = (JoinSite) { items, i, NULL, NULL, { FALSE, C_OP_NE, 0 }, NULL, NULL };
  if (s->kind == C_STMT_FOR || s->kind == C_STMT_WHILE)
    return TRUE;
  CDecl *f = helper_of (L, s, main_fn, out);
  if (!f || !f->body->items)
    return FALSE;
  /* the body's one loop at its top level */
  GPtrArray *b = f->body->items;
  guint at = b->len;
  for (guint k = 0; k < b->len; k++)
    {
      CStmt *x = g_ptr_array_index (b, k);
      if (x->kind == C_STMT_FOR || x->kind == C_STMT_WHILE || x->kind == C_STMT_DO)
        {
          if (at < b->len)
            return FALSE;
          at = k;
        }
    }
  if (at == b->len)
    return FALSE;
  /* before it, nothing leaves (but to end the program) */
  for (guint k = 0; k < at; k++)
    if (lower_joinall_jumps (L, g_ptr_array_index (b, k), FALSE, &out->check))
      return FALSE;
  /* after it, a create helper returns: nothing, a value, or its handle array */
  CStmt *last = at + 1 < b->len ? g_ptr_array_index (b, at + 1) : NULL;
  gboolean create_shape = at + 1 == b->len || (at + 2 == b->len && plain_return (last));
  if (out->check.set && !(create_shape && (!last || !last->expr || !lower_ret_check_ends (&out->check, last->expr))))
    return FALSE;
  if (out->check.set && last && last->expr && !c_const_int (last->expr, &(gint64) { 0 }))
    return FALSE;  /* the normal return must be known not to end the program */
  if (out->ret_var)
    {
      CDecl *h = last && last->kind == C_STMT_RETURN ? lower_ident_decl (last->expr) : NULL;
      if (!create_shape || !h || h->kind != C_DECL_VAR || h->file_scope || c_is_static_object (h)
          || g_hash_table_contains (L->pre.escaped, h))
        return FALSE;
      out->ret_local = h;
    }
  out->items = b;
  out->i = at;
  out->helper = f;
  return TRUE;
}

gboolean
lower_join_site_create_shape (const JoinSite *site)
{
  if (!site->helper)
    return TRUE;
  GPtrArray *b = site->items;
  return site->i + 1 == b->len || (site->i + 2 == b->len && plain_return (g_ptr_array_index (b, site->i + 1)));
}

void
lower_join_site_bind (Lower *L, const JoinSite *site, GHashTable *subst, GPtrArray *owned)
{
  if (!site->helper)
    return;
  GPtrArray *params = site->helper->params;
  for (guint k = 0; params && k < params->len && site->call->args && k < site->call->args->len; k++)
    {
      CDecl *p = g_ptr_array_index (params, k);
      CExpr *arg = c_arg (site->call, k);
      g_autoptr (GPtrArray) vars = g_ptr_array_new ();
      ParamWrite pw = { p, FALSE };
      CVisitor v = { .expr = param_write, .data = &pw };
      c_visit_stmt (&v, site->helper->body);
      if (p && arg && lower_value_vars (arg, vars) && !pw.hit && !g_hash_table_contains (L->pre.escaped, p))
        g_hash_table_insert (subst, p, arg);
    }
  if (site->ret_local)
    {
      /* the local returned stands for main's variable given it */
      CExpr *id = g_new0 (CExpr, 1);
      id->kind = C_EXPR_IDENT;
      id->decl = site->ret_var;
      id->text = site->ret_var->name;
      id->loc = site->ret_var->loc;
      g_ptr_array_add (owned, id);
      g_hash_table_insert (subst, site->ret_local, id);
    }
}

void
lower_join_site_vars (CExpr *e, GHashTable *subst, GPtrArray *out, gboolean *ok)
{
  g_autoptr (GPtrArray) raw = g_ptr_array_new ();
  if (!lower_value_vars (e, raw))
    {
      *ok = FALSE;
      return;
    }
  for (guint i = 0; i < raw->len; i++)
    {
      CDecl *d = g_ptr_array_index (raw, i);
      CExpr *to = subst ? g_hash_table_lookup (subst, d) : NULL;
      if (to)
        lower_join_site_vars (to, NULL, out, ok);  /* main's side: no parameter of a helper */
      else if (!g_ptr_array_find (out, d, NULL))
        g_ptr_array_add (out, d);
    }
}

/* ---- what the loops' variables are ---- */

/* MainDecls: the variables declared in a function's body (CDecl* set). */
static CVisitResult
collect_decl (CStmt *s, gpointer data)
{
  for (guint i = 0; s->kind == C_STMT_DECL && s->items && i < s->items->len; i++)
    g_hash_table_add (data, g_ptr_array_index (s->items, i));
  return C_VISIT_CONTINUE;
}

/* Every variable of VARS is a global, or main's own (a parameter or a local of its
 * body): none is a helper's (a parameter that stands for no argument of main's). */
gboolean
lower_join_main_or_global (CDecl *main_fn, GPtrArray *vars)
{
  g_autoptr (GHashTable) mine = g_hash_table_new (NULL, NULL);
  CVisitor v = { .stmt = collect_decl, .data = mine };
  c_visit_stmt (&v, main_fn->body);
  for (guint i = 0; main_fn->params && i < main_fn->params->len; i++)
    g_hash_table_add (mine, g_ptr_array_index (main_fn->params, i));
  for (guint i = 0; i < vars->len; i++)
    {
      CDecl *d = g_ptr_array_index (vars, i);
      if (!(d->file_scope || d->storage == C_STORAGE_EXTERN || c_is_static_object (d))
          && !g_hash_table_contains (mine, d))
        return FALSE;
    }
  return TRUE;
}

/* The member paths of the variables value E reads, added to READS (CDecl* -> set of
 * interned paths; "" the whole variable): `cfg.n` reads ".n" of cfg. A parameter
 * SUBST replaces reads all its argument's variables whole. */
void
lower_join_value_paths (Lower *L, CExpr *e, GHashTable *subst, GHashTable *reads)
{
  e = c_peel (e);
  if (!e)
    return;
  g_autoptr (GString) path = g_string_new (NULL);
  CExpr *x = e;
  while (x && x->kind == C_EXPR_MEMBER && !x->arrow && x->text)
    {
      CType *bt = strip (L, type_of (L, x->a));
      if (!bt || bt->kind != C_TYPE_STRUCT)
        g_string_truncate (path, 0);
      else
        {
          g_string_prepend (path, x->text);
          g_string_prepend_c (path, '.');
        }
      x = c_peel (x->a);
    }
  CDecl *d = x && x->kind == C_EXPR_IDENT ? x->decl : NULL;
  CExpr *to = d && subst ? g_hash_table_lookup (subst, d) : NULL;
  if (to)
    {
      g_autoptr (GPtrArray) vars = g_ptr_array_new ();
      lower_value_vars (to, vars);
      for (guint i = 0; i < vars->len; i++)
        {
          GHashTable *set = g_hash_table_lookup (reads, g_ptr_array_index (vars, i));
          if (!set)
            g_hash_table_insert (reads, g_ptr_array_index (vars, i), set = g_hash_table_new (g_str_hash, g_str_equal));
          g_hash_table_add (set, (gpointer) g_intern_string (""));
        }
      return;
    }
  if (d)
    {
      GHashTable *set = g_hash_table_lookup (reads, d);
      if (!set)
        g_hash_table_insert (reads, d, set = g_hash_table_new (g_str_hash, g_str_equal));
      g_hash_table_add (set, (gpointer) g_intern_string (x == e ? "" : path->str));
      return;
    }
  lower_join_value_paths (L, e->a, subst, reads);
  lower_join_value_paths (L, e->b, subst, reads);
  lower_join_value_paths (L, e->c, subst, reads);
}

/* Paths A and B (member paths, "" the whole object) overlap: one is the other or
 * goes on from it. */
static gboolean
paths_overlap (const char *a, const char *b)
{
  size_t la = strlen (a), lb = strlen (b);
  if (la > lb)
    return paths_overlap (b, a);
  return strncmp (a, b, la) == 0 && (b[la] == '\0' || b[la] == '.');
}

/* No pointer reaches the parts READS (member paths) of static variable D: every
 * address the program takes of D is of a member none of them overlaps. */
gboolean
lower_join_parts_unreached (Lower *L, CDecl *d, GHashTable *reads)
{
  GHashTable *taken = g_hash_table_lookup (L->pre.addr_members, d);
  if (!reads || !taken || d->storage != C_STORAGE_STATIC)
    return FALSE;
  GHashTableIter a, b;
  gpointer x, y;
  g_hash_table_iter_init (&a, taken);
  while (g_hash_table_iter_next (&a, &x, NULL))
    {
      g_hash_table_iter_init (&b, reads);
      while (g_hash_table_iter_next (&b, &y, NULL))
        if (paths_overlap (x, y))
          return FALSE;
    }
  return TRUE;
}
