/* rf-c-lower-joinall: a loop of pthread_join that waits for every thread a loop of
 * pthread_create started, recognised so that the model knows they have all ended.
 *
 * Approach. The model cannot count: it lets main leave a join loop bounded by data
 * (`for (i = 0; i < n; i++) pthread_join (t[i], NULL);`) after any number of
 * iterations, so every access after it races with every worker. When the join loop
 * provably joins every thread the create loop started, the lowering says so with a
 * `joinall J` operation at the join loop's exit (J: the job type of those threads,
 * made for this create site alone), and the net empties J's places there (a reset).
 *
 * The claim holds in every run when, checked here on the source:
 *  - both loops are statements of one block of main's own body, run by main alone
 *    (main is the one thread of its job type, not recursive, not in module mode), the
 *    create loop first; or either is the whole body of a helper function (`void
 *    spawn_all (void)`: no parameters, not recursive, its address never taken, called
 *    from that statement of the block and from nowhere else, so that it runs there
 *    only), a `return` in it being an early exit;
 *  - both are counted the same way: `for (i = A; i CMP B; STEP)` (or `int i = A`;
 *    CMP one of < <= != > >=, either way round; STEP i++, ++i, i += 1, i = i + 1 or
 *    their decrements; or a `while` with `i = A;` just before it and STEP last in its
 *    body) with the same A, CMP, B and STEP, whose index the body never assigns and
 *    whose address main never takes;
 *  - the create loop's body calls pthread_create exactly once, on every iteration, on
 *    the handle slot `&H[i]` (or `&H[i].f`, `H + i`), and the join loop's body
 *    pthread_join exactly once, on every iteration, on `H[j]` (or `H[j].f`,
 *    `*(H + j)`) with the same H and f;
 *  - nothing leaves either loop or the statements between them early but the end of
 *    the program (no break, continue, goto, label; a return from main ends it) -- or
 *    the create loop counts up from 0 and its one way out early is a `break` where its
 *    create failed, or its test's `&& pthread_create (...) == 0` (partial_create,
 *    lower_counted_guarded), and the join loop joins [0, i) with i where the
 *    create loop stopped: a failed pass fills no slot, every earlier pass filled its
 *    own --, and
 *    they do not assign, take the address of, or (H) mention anything A, B and H are
 *    made of: locals and parameters of main whose address main never takes, constants,
 *    members of them, and globals that no function but main assigns, whose address is
 *    never taken (but given to a library call that keeps no copy: an assignment
 *    there, pre.addr_kept), and that code without a body cannot name.
 * Then each pass through the create loop starts threads with handles in distinct
 * slots H[k] of the same range the join loop then joins slot by slot; J's threads are
 * started there alone, so when main leaves the join loop every thread of J has ended
 * (threads a pthread_create that failed never started; joining its slot is undefined
 * behaviour, which the claim leaves out). In the net the reset may also fire in runs
 * where main leaves early (the model's loop test is data); such runs add behaviour
 * but every real run is still one of the net's, which is all soundness needs.
 *
 * Rooms: the counted loops are read in rf-c-lower-counted.c; the claims are checked
 * against the finished model in rf-c-lower-joinall-check.c. */
#include "rf-c-lower-private.h"

#include <string.h>

/* ---- what statements do ---- */

/* Scan: a walk's question and answer. decls: the declarations asked about (NULL: any
 * jump is the question); mention: any use of them counts, not only writes; jump: a
 * statement that leaves early was met; hit: a decl was assigned, incremented, had its
 * address taken or (mention) was named; depth: loops and switches entered (a break or
 * continue inside one stays in); skip: an expression to leave out (the handle argument
 * of the call the plan is about); slot_field: the member of a slot of struct type that
 * holds the handle (`tid` of H[i].tid), or NULL: naming or assigning another member
 * of an element of H (H[i].id = i) is no hit; L: for the types of sizeof's operands. */
typedef struct {
  Lower *L;
  GPtrArray *decls;
  gboolean mention;
  gboolean main_top;
  gboolean jump, hit;
  guint depth;
  CExpr *skip, *skip2;
  const char *slot_field;
  const RetCheck *ret;
} Scan;

/* The variable lvalue E is part of (through members, array elements, and pointer
 * arithmetic on an array), or NULL. */
static CDecl *
base_decl (CExpr *e)
{
  e = c_peel (e);
  while (e && (e->kind == C_EXPR_MEMBER || e->kind == C_EXPR_INDEX
               || (e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF)
               || (e->kind == C_EXPR_BINARY && (e->op == C_OP_ADD || e->op == C_OP_SUB))))
    e = c_peel (e->a);
  return e && e->kind == C_EXPR_IDENT ? e->decl : NULL;
}

static gboolean
asked (Scan *sc, CDecl *d)
{
  return d && sc->decls && g_ptr_array_find (sc->decls, d, NULL);
}

/* E is H[j].g... for a variable H asked about and a first member g other than
 * slot_field: its index expression, else NULL. */
static CExpr *
other_field (Scan *sc, CExpr *e)
{
  e = c_peel (e);
  const char *first = NULL;
  while (e && e->kind == C_EXPR_MEMBER && !e->arrow)
    {
      first = e->text;
      e = c_peel (e->a);
    }
  if (!sc->slot_field || !first || !e || e->kind != C_EXPR_INDEX || !asked (sc, lower_ident_decl (e->a))
      || strcmp (first, sc->slot_field) == 0)
    return NULL;
  return e->b;
}

static CVisitResult scan_stmt (CStmt *s, gpointer data);
static void scan_stmt_done (CStmt *s, gpointer data);

static CVisitResult
scan_expr (CExpr *e, gpointer data)
{
  Scan *sc = data;
  /* sizeof's operand is not evaluated (assert's copy of its condition), but for a
   * variably modified type (C11 6.5.3.4p2) */
  if (e == sc->skip || (sc->skip2 && e == sc->skip2) || e->kind == C_EXPR_ALIGNOF
      || (e->kind == C_EXPR_SIZEOF && e->a && !lower_type_is_vm (sc->L, type_of (sc->L, e->a))))
    return C_VISIT_SKIP;
  if (e->kind == C_EXPR_ASSIGN && asked (sc, base_decl (e->a)) && !other_field (sc, e->a))
    sc->hit = TRUE;
  if (e->kind == C_EXPR_UNARY && (e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC
                                  || e->op == C_OP_POSTDEC)
      && asked (sc, base_decl (e->a)) && !other_field (sc, e->a))
    sc->hit = TRUE;
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR && asked (sc, base_decl (e->a)))
    sc->hit = TRUE;
  CExpr *index = e->kind == C_EXPR_MEMBER ? other_field (sc, e) : NULL;
  if (index)
    {
      /* another member of an element: only its index is looked at */
      CVisitor v = { .stmt = scan_stmt, .stmt_done = scan_stmt_done, .expr = scan_expr, .data = sc };
      c_visit_expr (&v, index);
      return C_VISIT_SKIP;
    }
  if (sc->mention && e->kind == C_EXPR_IDENT && asked (sc, e->decl))
    sc->hit = TRUE;
  if (e->kind == C_EXPR_LABEL_ADDR || (e->kind == C_EXPR_CALL && lower_is_setjmp (e)))
    sc->jump = TRUE;  /* &&label: a computed goto may go there; a longjmp to a setjmp */
  return C_VISIT_CONTINUE;
}

static CVisitResult
scan_stmt (CStmt *s, gpointer data)
{
  Scan *sc = data;
  switch (s->kind)
    {
    case C_STMT_GOTO: case C_STMT_GOTO_PTR: case C_STMT_LABEL: case C_STMT_ASM: case C_STMT_LOCAL_LABEL:
      sc->jump = TRUE;
      break;
    case C_STMT_RETURN:
      /* a return from main ends the program (every thread with it), and so does one
       * from a helper whose value main's test sends to the end of the program */
      if (!sc->main_top && !lower_ret_check_ends (sc->ret, s->expr))
        sc->jump = TRUE;
      break;
    case C_STMT_BREAK: case C_STMT_CONTINUE:
      if (sc->depth == 0)
        sc->jump = TRUE;
      break;
    case C_STMT_CASE: case C_STMT_DEFAULT:
      if (sc->depth == 0)
        sc->jump = TRUE;
      break;
    case C_STMT_WHILE: case C_STMT_DO: case C_STMT_FOR: case C_STMT_SWITCH:
      sc->depth++;
      break;
    default:
      break;
    }
  return C_VISIT_CONTINUE;
}

static void
scan_stmt_done (CStmt *s, gpointer data)
{
  Scan *sc = data;
  if (s->kind == C_STMT_WHILE || s->kind == C_STMT_DO || s->kind == C_STMT_FOR || s->kind == C_STMT_SWITCH)
    sc->depth--;
}

/* Walks S (its own loop statement at depth 0 when LOOP: a break in its body leaves it). */
static void
scan (Scan *sc, CStmt *s, gboolean loop)
{
  CVisitor v = { .stmt = scan_stmt, .stmt_done = scan_stmt_done, .expr = scan_expr, .data = sc };
  if (loop)
    {
      /* the loop's own parts, its body at depth 0 */
      if (s->init)
        c_visit_stmt (&v, s->init);
      if (s->expr)
        c_visit_expr (&v, s->expr);
      if (s->expr2)
        c_visit_expr (&v, s->expr2);
      c_visit_stmt (&v, s->body);
    }
  else
    c_visit_stmt (&v, s);
}

/* ---- the calls ---- */

/* Calls: the calls of one function found in a loop body. all: every one; always: those
 * in positions evaluated on every pass (see always_stmt); loops: a while statement's
 * condition counts too (evaluated at least once; a do loop's is not, when its body
 * breaks out). */
typedef struct {
  const char *name;
  GPtrArray *all, *always;
  gboolean loops;
} Calls;

static CVisitResult
any_call (CExpr *e, gpointer data)
{
  Calls *c = data;
  if (e->kind == C_EXPR_SIZEOF || e->kind == C_EXPR_ALIGNOF)
    return C_VISIT_SKIP;  /* not evaluated */
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (n && strcmp (n, c->name) == 0)
    g_ptr_array_add (c->all, e);
  return C_VISIT_CONTINUE;
}

static void always_stmt (Calls *c, CStmt *body);

/* The calls of C->name in E that every evaluation of E makes: not behind &&, ||, or
 * a branch of ?:; in a statement expression, those its statements always make. */
static void
always_in (Calls *c, CExpr *e)
{
  if (!e)
    return;
  switch (e->kind)
    {
    case C_EXPR_CALL:
      {
        const char *n = c_callee_name (e);
        if (n && strcmp (n, c->name) == 0)
          g_ptr_array_add (c->always, e);
        always_in (c, e->a);
        for (guint i = 0; e->args && i < e->args->len; i++)
          always_in (c, g_ptr_array_index (e->args, i));
      }
      return;
    case C_EXPR_BINARY:
      always_in (c, e->a);
      if (e->op != C_OP_AND && e->op != C_OP_OR)
        always_in (c, e->b);
      return;
    case C_EXPR_COND:
      always_in (c, e->a);
      return;
    case C_EXPR_ASSIGN: case C_EXPR_COMMA:
      always_in (c, e->a);
      always_in (c, e->b);
      return;
    case C_EXPR_UNARY: case C_EXPR_CAST: case C_EXPR_MEMBER:
      always_in (c, e->a);
      return;
    case C_EXPR_INDEX:
      always_in (c, e->a);
      always_in (c, e->b);
      return;
    case C_EXPR_STMT_EXPR:
      always_stmt (c, e->stmt);
      return;
    default:
      return;
    }
}

/* The calls every pass through BODY makes at its top level: in an expression
 * statement, a declaration's initializer, an if's or switch's condition. */
static void
always_stmt (Calls *c, CStmt *body)
{
  guint n = body && body->kind == C_STMT_COMPOUND ? (body->items ? body->items->len : 0) : 1;
  for (guint i = 0; body && i < n; i++)
    {
      CStmt *s = body->kind == C_STMT_COMPOUND ? g_ptr_array_index (body->items, i) : body;
      if (s->kind == C_STMT_EXPR || s->kind == C_STMT_IF || s->kind == C_STMT_SWITCH
          || (c->loops && s->kind == C_STMT_WHILE))
        always_in (c, s->expr);
      else if (s->kind == C_STMT_DECL)
        for (guint k = 0; s->items && k < s->items->len; k++)
          {
            CDecl *d = g_ptr_array_index (s->items, k);
            if (d->init)
              always_in (c, d->init->expr);
          }
    }
}

/* The one call of NAME in BODY, made on every pass through it (at its top level: an
 * expression statement, a declaration's initializer, an if's condition), or NULL. */
static CExpr *
the_call (CStmt *body, const char *name)
{
  Calls c = { name, g_ptr_array_new (), g_ptr_array_new (), FALSE };
  CVisitor v = { .expr = any_call, .data = &c };
  c_visit_stmt (&v, body);
  always_stmt (&c, body);
  CExpr *out = c.all->len == 1 && c.always->len == 1 ? g_ptr_array_index (c.always, 0) : NULL;
  g_ptr_array_unref (c.all);
  g_ptr_array_unref (c.always);
  return out;
}

/* The pthread_create call a guarded create loop's GUARD tests for success
 * (`pthread_create (...) == 0`, `0 == ...`, `!pthread_create (...)`) when BODY calls
 * pthread_create nowhere, or NULL. */
static CExpr *
guard_create (CExpr *guard, CStmt *body)
{
  Calls c = { "pthread_create", g_ptr_array_new (), g_ptr_array_new (), FALSE };
  CVisitor v = { .expr = any_call, .data = &c };
  c_visit_stmt (&v, body);
  gboolean none = c.all->len == 0;
  g_ptr_array_unref (c.all);
  g_ptr_array_unref (c.always);
  CExpr *g = c_peel (guard), *x = NULL;
  gint64 k;
  if (g && g->kind == C_EXPR_BINARY && g->op == C_OP_EQ && c_const_int (g->b, &k) && k == 0)
    x = c_peel (g->a);
  else if (g && g->kind == C_EXPR_BINARY && g->op == C_OP_EQ && c_const_int (g->a, &k) && k == 0)
    x = c_peel (g->b);
  else if (g && g->kind == C_EXPR_UNARY && g->op == C_OP_NOT)
    x = c_peel (g->a);
  const char *n = x && x->kind == C_EXPR_CALL ? c_callee_name (x) : NULL;
  return none && n && strcmp (n, "pthread_create") == 0 ? x : NULL;
}

/* A call of NAME in BODY made at least once on every pass (the first in such a
 * position; a while condition counts), whatever other calls of NAME there are,
 * or NULL. A wait loop needs no more: one token taken per pass at the least. */
static CExpr *
a_call_always (CStmt *body, const char *name)
{
  Calls c = { name, g_ptr_array_new (), g_ptr_array_new (), TRUE };
  always_stmt (&c, body);
  CExpr *out = c.always->len > 0 ? g_ptr_array_index (c.always, 0) : NULL;
  g_ptr_array_unref (c.all);
  g_ptr_array_unref (c.always);
  return out;
}

/* Slot: a handle slot H[index].path. h: H (borrowed); path: "" or ".f..." (owned);
 * stepped: the index's step when the slot is `H[i++]` (or `H[--i]` ...), else NULL. */
typedef struct {
  CExpr *h;
  GString *path;
  CDecl *index;
  CExpr *stepped;
} Slot;

/* The slot lvalue E names: H[i], H[i].f, *(H + i), (H + i)->f. */
static gboolean
slot_of (CExpr *e, Slot *out)
{
  e = c_peel (e);
  g_string_truncate (out->path, 0);
  out->stepped = NULL;
  while (e && e->kind == C_EXPR_MEMBER && !e->arrow)
    {
      g_string_prepend (out->path, e->text ? e->text : "?");
      g_string_prepend_c (out->path, '.');
      e = c_peel (e->a);
    }
  CExpr *ptr = NULL;
  if (e && e->kind == C_EXPR_MEMBER && e->arrow)
    {
      g_string_prepend (out->path, e->text ? e->text : "?");
      g_string_prepend_c (out->path, '.');
      ptr = c_peel (e->a);
    }
  else if (e && e->kind == C_EXPR_INDEX)
    {
      /* H[i], or H[i++] (slot_steps checks it is the loop's own step) */
      CExpr *ix = c_peel (e->b);
      if (ix && ix->kind == C_EXPR_UNARY && (ix->op == C_OP_POSTINC || ix->op == C_OP_POSTDEC
                                             || ix->op == C_OP_PREINC || ix->op == C_OP_PREDEC))
        out->stepped = ix, ix = ix->a;
      out->h = e->a, out->index = lower_ident_decl (ix);
      return out->h && out->index;
    }
  else if (e && e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF)
    ptr = c_peel (e->a);
  if (!ptr || ptr->kind != C_EXPR_BINARY || ptr->op != C_OP_ADD)
    return FALSE;
  out->h = ptr->a, out->index = lower_ident_decl (ptr->b);
  return out->h && out->index;
}

/* SL is the slot of a pass of loop CL: indexed by CL's index, and stepping it exactly
 * when CL's step is inside the first statement and that step is SL's index (the
 * values the pass sees were worked out for that step: `H[i++]` is the value before
 * it, and a slot read after it, `f (i++); H[i]`, would be another). */
static gboolean
slot_steps (const Slot *sl, const CountedLoop *cl)
{
  return sl->index == cl->index && sl->stepped == cl->step_expr;
}

/* The slot pthread_create's handle argument A (&H[i], &H[i].f, H + i) names. */
static gboolean
create_slot (CExpr *a, Slot *out)
{
  a = c_peel (a);
  if (a && a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR)
    return slot_of (a->a, out);
  if (a && a->kind == C_EXPR_BINARY && a->op == C_OP_ADD)
    {
      g_string_truncate (out->path, 0);
      out->stepped = NULL;
      out->h = a->a, out->index = lower_ident_decl (a->b);
      return out->h && out->index;
    }
  return FALSE;
}

/* ---- stable values ---- */

/* GlobalWrites: is_written's walk. */
typedef struct {
  CDecl *d;
  gboolean hit;
} GlobalWrites;

static CVisitResult
global_write (CExpr *e, gpointer data)
{
  GlobalWrites *gw = data;
  CDecl *b = NULL;
  if (e->kind == C_EXPR_ASSIGN)
    b = base_decl (e->a);
  else if (e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                       || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC))
    b = base_decl (e->a);
  /* every declaration of a global with external linkage is the same variable */
  if (b && (b == gw->d || (b->name && gw->d->name && strcmp (b->name, gw->d->name) == 0 && b->file_scope
                           && gw->d->file_scope && b->storage != C_STORAGE_STATIC
                           && gw->d->storage != C_STORAGE_STATIC)))
    gw->hit = TRUE;
  return C_VISIT_CONTINUE;
}

/* RegionCalls: the functions called by name in a stretch of main (by_name: callee
 * CDecl* found through L->funcs). */
static CVisitResult
collect_callee (CExpr *e, gpointer data)
{
  GHashTable *set = ((gpointer *) data)[0];
  Lower *L = ((gpointer *) data)[1];
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  CDecl *f = n ? g_hash_table_lookup (L->funcs, n) : NULL;
  if (f)
    g_hash_table_add (set, f);
  return C_VISIT_CONTINUE;
}

/* The functions that may run while main runs ITEMS[from..to] (and the helpers): those
 * these statements call, every function whose address is taken (start routines,
 * callbacks, handlers: threads run them), and everything they call, over the call
 * graph. A function main calls only before or after the loops is not among them. */
static GHashTable *
region_funcs (Lower *L, GPtrArray *items, guint from, guint to, CDecl *h1, CDecl *h2)
{
  GHashTable *set = g_hash_table_new (NULL, NULL);
  gpointer data[2] = { set, L };
  CVisitor v = { .expr = collect_callee, .data = data };
  for (guint i = from; i <= to; i++)
    c_visit_stmt (&v, g_ptr_array_index (items, i));
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, L->pre.addr_funcs);
  while (g_hash_table_iter_next (&it, &k, NULL))
    g_hash_table_add (set, k);
  if (h1)
    g_hash_table_add (set, h1);
  if (h2)
    g_hash_table_add (set, h2);
  lower_calls_closure (L, set);
  return set;
}

/* Global D may change while main runs the loops: a function of FUNCS (those that may
 * run meanwhile) other than MAIN assigns it or takes its address, main takes its
 * address, code without a body may name it, or its address reaches a pointer (but a
 * static one's, when no address taken is of the members READS that the loops read:
 * `strcpy (cfg.label, ...)` leaves `cfg.nthreads` alone). */
static gboolean
global_may_change (Lower *L, CDecl *d, CDecl *main_fn, GHashTable *funcs, GHashTable *reads)
{
  if (d->thread_local)
    return TRUE;
  RfCObj *r = rf_c_objects_find (L->objs, RF_C_OBJ_VAR, rf_c_objects_var_key (d));
  /* a pointer to it may remain: kept, or named by code without a body (an address
   * given only to library calls that keep none is a write there, seen below) */
  gboolean external = L->pre.unknown_calls && d->file_scope && d->storage != C_STORAGE_STATIC;
  if (r && r->reachable && (external || g_hash_table_contains (L->pre.addr_kept, r))
      && !lower_join_parts_unreached (L, d, reads))
    return TRUE;
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init (&it, L->funcs);
  while (g_hash_table_iter_next (&it, &k, &v))
    {
      CDecl *fn = v;
      if (fn == main_fn || !g_hash_table_contains (funcs, fn))
        continue;
      GlobalWrites gw = { d, FALSE };
      CVisitor vis = { .expr = global_write, .data = &gw };
      c_visit_stmt (&vis, fn->body);
      if (gw.hit)
        return TRUE;
    }
  return FALSE;
}

/* Every variable of VARS keeps its value while main runs ITEMS[from..to] (the loops
 * and what lies between): none is assigned or has its address taken there (SKIP: the
 * handle argument of the create call); a local or parameter of main has its address
 * taken nowhere in main; a global as global_may_change says. */
static gboolean
stable (Lower *L, GPtrArray *vars, GPtrArray *items, guint from, guint to, CDecl *main_fn, CExpr *skip,
        GHashTable *funcs, GHashTable *reads)
{
  for (guint i = 0; i < vars->len; i++)
    {
      CDecl *d = g_ptr_array_index (vars, i);
      gboolean global = d->file_scope || d->storage == C_STORAGE_EXTERN || c_is_static_object (d);
      if (global ? global_may_change (L, d, main_fn, funcs, reads ? g_hash_table_lookup (reads, d) : NULL)
                 : g_hash_table_contains (L->pre.escaped, d))
        return FALSE;
    }
  Scan sc = { .L = L, .decls = vars, .main_top = TRUE, .skip = skip };
  for (guint i = from; i <= to; i++)
    scan (&sc, g_ptr_array_index (items, i), FALSE);
  return !sc.hit;
}

GHashTable *
lower_joinall_region_funcs (Lower *L, GPtrArray *items, guint from, guint to)
{
  return region_funcs (L, items, from, to, NULL, NULL);
}

gboolean
lower_joinall_stable (Lower *L, GPtrArray *vars, GPtrArray *items, guint from, guint to, CDecl *main_fn,
                      GHashTable *funcs)
{
  return stable (L, vars, items, from, to, main_fn, NULL, funcs, NULL);
}

/* HandleUses: handles_kept's walk over a function body. decls: H's variables; ok:
 * the IDENT nodes of them in allowed places (a subscript's or member's base, sizeof,
 * the left of `H = ...`, free's argument, the create and join calls' handle
 * arguments); seen: every IDENT node of them. */
typedef struct {
  GPtrArray *decls;
  GHashTable *ok, *seen;
  CExpr *create_arg, *join_arg, *thread_arg;
  gboolean leaked;
} HandleUses;

static CVisitResult
handle_use (CExpr *e, gpointer data)
{
  HandleUses *hu = data;
  if (e == hu->create_arg || e == hu->join_arg || e == hu->thread_arg || e->kind == C_EXPR_SIZEOF
      || e->kind == C_EXPR_ALIGNOF)
    return C_VISIT_SKIP;  /* the handle arguments, the threads' argument (lower_joinall_check
                           * sees what the threads write); sizeof's operand is not evaluated */
  /* &H[j]: a pointer to a slot (and its handle) could go anywhere */
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR && base_decl (e->a)
      && g_ptr_array_find (hu->decls, base_decl (e->a), NULL))
    hu->leaked = TRUE;
  CExpr *base = NULL;
  if (e->kind == C_EXPR_INDEX || (e->kind == C_EXPR_MEMBER && !e->arrow))
    base = c_peel (e->a);
  else if (e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    base = c_peel (e->a);  /* a test (!t) lets no pointer out */
  else if (e->kind == C_EXPR_BINARY && (e->op == C_OP_EQ || e->op == C_OP_NE))
    {
      if (c_peel (e->b) && c_peel (e->b)->kind == C_EXPR_IDENT)
        g_hash_table_add (hu->ok, c_peel (e->b));
      base = c_peel (e->a);
    }
  else if (e->kind == C_EXPR_ASSIGN && e->op == C_OP_ASSIGN)
    base = c_peel (e->a);
  else if (e->kind == C_EXPR_CALL && c_callee_name (e) && strcmp (c_callee_name (e), "free") == 0)
    base = c_peel (c_arg (e, 0));
  if (base && base->kind == C_EXPR_IDENT)
    g_hash_table_add (hu->ok, base);
  if (e->kind == C_EXPR_IDENT && e->decl && g_ptr_array_find (hu->decls, e->decl, NULL))
    g_hash_table_add (hu->seen, e);
  return C_VISIT_CONTINUE;
}

/* A condition that is H itself (if (t), while (t)) is a test; `return H;` hands it
 * to the caller (main's return ends the program; a create helper's is its binding to
 * main's variable, checked by the caller). */
static CVisitResult
handle_test (CStmt *s, gpointer data)
{
  HandleUses *hu = data;
  CExpr *c = (s->kind == C_STMT_IF || s->kind == C_STMT_WHILE || s->kind == C_STMT_DO || s->kind == C_STMT_FOR
              || s->kind == C_STMT_RETURN) ? c_peel (s->expr) : NULL;
  if (c && c->kind == C_EXPR_IDENT)
    g_hash_table_add (hu->ok, c);
  return C_VISIT_CONTINUE;
}

/* The handle slots keep what pthread_create stored until the join loop reads them:
 * H's variables are locals of main (what other threads write of the slots is
 * checked after lowering, lower_joinall_check) or globals no other function names (but the helpers CREATE_FN and JOIN_FN,
 * which the caller checks), main never takes the address of a slot (but in the create
 * call's handle argument), and main names them only as the base
 * of a subscript or member, in sizeof, on the left of a plain assignment (a pointer
 * given its array), as free's argument, and in the two calls' handle arguments;
 * between the loops not at all (checked by the caller). */
static gboolean
handles_kept (Lower *L, GPtrArray *hvars, CDecl *main_fn, CExpr *create_arg, CExpr *join_arg, CExpr *thread_arg,
              CDecl *create_fn, CDecl *join_fn, GHashTable *funcs, GHashTable *ok_args)
{
  for (guint i = 0; i < hvars->len; i++)
    {
      CDecl *d = g_ptr_array_index (hvars, i);
      gboolean global = d->file_scope || d->storage == C_STORAGE_EXTERN || c_is_static_object (d);
      /* a local other threads reach (its elements given to them) is fine: what they
       * write of the slots, lower_joinall_check sees */
      if (!global && !L->pts)
        return FALSE;
      if (global)
        {
          if (d->thread_local)
            return FALSE;
          GHashTableIter it;
          gpointer k, v;
          g_hash_table_iter_init (&it, L->funcs);
          while (g_hash_table_iter_next (&it, &k, &v))
            if (v != main_fn && v != create_fn && v != join_fn  /* the helpers: by the caller */
                && g_hash_table_contains (funcs, v))
              {
                g_autoptr (GPtrArray) one = g_ptr_array_new ();
                g_ptr_array_add (one, d);
                Scan sc = { .L = L, .decls = one, .mention = TRUE };
                scan (&sc, ((CDecl *) v)->body, FALSE);
                if (sc.hit)
                  return FALSE;
              }
        }
    }
  HandleUses hu = { hvars, g_hash_table_new (NULL, NULL), g_hash_table_new (NULL, NULL), create_arg, join_arg,
                    thread_arg, FALSE };
  GHashTableIter ai;
  gpointer a;
  g_hash_table_iter_init (&ai, ok_args);
  while (g_hash_table_iter_next (&ai, &a, NULL))
    g_hash_table_add (hu.ok, a);
  CVisitor v = { .stmt = handle_test, .expr = handle_use, .data = &hu };
  c_visit_stmt (&v, main_fn->body);
  if (create_fn)
    c_visit_stmt (&v, create_fn->body);
  if (join_fn)
    c_visit_stmt (&v, join_fn->body);
  gboolean kept = !hu.leaked;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, hu.seen);
  while (kept && g_hash_table_iter_next (&it, &k, NULL))
    kept = g_hash_table_contains (hu.ok, k);
  g_hash_table_unref (hu.ok);
  g_hash_table_unref (hu.seen);
  return kept;
}

/* ---- plans ---- */


/* A loop's body and parts leave it only by ending the program (see the approach):
 * the loop of SITE, main's (where a return ends the program) or a helper's (where a
 * return ends it when main's test says so). */
static gboolean
no_early_exit (Lower *L, CStmt *loop, const JoinSite *site)
{
  Scan sc = { .L = L, .main_top = !site->helper, .ret = &site->check };
  scan (&sc, loop, TRUE);
  return !sc.jump;
}

gboolean
lower_joinall_jumps (Lower *L, CStmt *s, gboolean main_top, const RetCheck *ret)
{
  Scan sc = { .L = L, .main_top = main_top, .ret = ret };
  scan (&sc, s, FALSE);
  return sc.jump;
}

/* The create loop CL (its CREATE call) counts up from 0 and is left early only by a
 * `break` where its create failed, before the step: then the slots it filled are
 * [0, i), i its index where it ended (the failed pass fills nothing). The failure
 * branch's then-part is `break;` or ends with it, nothing else in the pass leaves
 * early, and the step is the loop header's or the body's last statement. */
static gboolean
partial_create (Lower *L, const CountedLoop *cl, CExpr *create)
{
  if (cl->step != 1 || cl->lo.e || cl->lo.off != 0 || cl->step_expr || !cl->body)
    return FALSE;
  /* `while (i < n && pthread_create (&t[i], ...) == 0) i++;`: a failed create ends
   * the loop before the step; nothing in the body leaves it */
  if (cl->guard)
    return create == guard_create (cl->guard, cl->body) && !lower_joinall_jumps (L, cl->body, TRUE, NULL)
           && (cl->stmt->kind == C_STMT_FOR || cl->step_stmt == cl->body
               || (cl->body->kind == C_STMT_COMPOUND && cl->body->items && cl->body->items->len > 0
                   && g_ptr_array_index (cl->body->items, cl->body->items->len - 1) == cl->step_stmt));
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  GPtrArray *b = cl->body->kind == C_STMT_COMPOUND ? cl->body->items : one;
  if (!b)
    return FALSE;
  if (b == one)
    g_ptr_array_add (one, cl->body);
  if (cl->step_stmt && (b->len == 0 || g_ptr_array_index (b, b->len - 1) != cl->step_stmt))
    return FALSE;
  CStmt *fail = lower_joinall_failure_branch (b, create);
  if (!fail || !fail->body)
    return FALSE;
  for (guint i = 0; i < b->len; i++)
    if (g_ptr_array_index (b, i) != fail && lower_joinall_jumps (L, g_ptr_array_index (b, i), TRUE, NULL))
      return FALSE;
  if (fail->else_body && lower_joinall_jumps (L, fail->else_body, TRUE, NULL))
    return FALSE;
  GPtrArray *tb = fail->body->kind == C_STMT_COMPOUND ? fail->body->items : NULL;
  CStmt *last = tb ? (tb->len > 0 ? g_ptr_array_index (tb, tb->len - 1) : NULL) : fail->body;
  if (!last || last->kind != C_STMT_BREAK)
    return FALSE;
  for (guint i = 0; tb && i + 1 < tb->len; i++)
    if (lower_joinall_jumps (L, g_ptr_array_index (tb, i), TRUE, NULL))
      return FALSE;
  return TRUE;
}

/* The loop's index keeps its course: the body (a while loop's step statement aside)
 * never assigns it or takes its address, and main never takes its address. */
static gboolean
index_kept (Lower *L, const CountedLoop *cl)
{
  if (g_hash_table_contains (L->pre.escaped, cl->index))
    return FALSE;
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_ptr_array_add (one, cl->index);
  Scan sc = { .L = L, .decls = one, .main_top = TRUE, .skip = cl->step_expr };
  CStmt *body = cl->body;
  for (guint i = 0; body && i < (body->kind == C_STMT_COMPOUND && body->items ? body->items->len : 1); i++)
    {
      CStmt *s = body->kind == C_STMT_COMPOUND ? g_ptr_array_index (body->items, i) : body;
      if (s != cl->step_stmt)
        scan (&sc, s, FALSE);
    }
  return !sc.hit;
}

/* FR is main's own frame, run by main alone. */
static gboolean
main_frame_alone (Lower *L, Frame *fr)
{
  return !L->module && fr && !fr->up && fr->fn && fr->fn->name
         && strcmp (fr->fn->name, "main") == 0 && L->job && strcmp (L->job->name, "main") == 0
         && L->job->start == RF_START_COUNT && L->job->count == 1
         && !g_hash_table_contains (L->pre.recursive, fr->fn);
}

/* L is lowering main's own body (HELPER NULL), or HELPER called from it, run by main
 * alone. */
static gboolean
in_main_alone (Lower *L, CDecl *helper)
{
  if (!helper)
    return main_frame_alone (L, L->frame);
  return L->frame && L->frame->fn == helper && main_frame_alone (L, L->frame->up);
}

/* The argument nodes of SITE's call that stand for a variable of HRAW (a parameter
 * holding the handle array), added to OK: handles_kept checks the parameter's uses. */
static void
bound_handle_args (const JoinSite *site, GHashTable *subst, GPtrArray *hraw, GHashTable *ok)
{
  GPtrArray *params = site->helper ? site->helper->params : NULL;
  for (guint k = 0; params && k < params->len; k++)
    {
      CDecl *p = g_ptr_array_index (params, k);
      CExpr *arg = g_hash_table_lookup (subst, p);
      if (arg && g_ptr_array_find (hraw, p, NULL) && c_peel (arg)->kind == C_EXPR_IDENT)
        g_hash_table_add (ok, c_peel (arg));
    }
}

/* A new plan for the create call CREATE, whose threads have all ended when main
 * leaves WAIT, ITEMS[K] of main's block (the create loop: ITEMS[FIRST]). */
static JoinAllPlan *
new_plan (Lower *L, CExpr *create, CStmt *wait, GPtrArray *items, guint first, guint k, RfLoc block_end)
{
  CDecl *main_fn = L->frame->fn;
  JoinAllPlan *plan = g_new0 (JoinAllPlan, 1);
  plan->create = create;
  plan->join_loop = wait;
  plan->jobs = g_array_new (FALSE, FALSE, sizeof (guint));
  plan->slot_writes = g_array_new (FALSE, FALSE, sizeof (guint));
  plan->joinall_edges = g_array_new (FALSE, FALSE, sizeof (guint));
  plan->barrier_edges = g_array_new (FALSE, FALSE, sizeof (guint));
  plan->main_job = L->job->id;
  plan->main_begin = main_fn->body->loc;
  plan->main_end = main_fn->body->end;
  plan->region_begin = ((CStmt *) g_ptr_array_index (items, first))->loc;
  plan->region_end = k + 1 < items->len ? ((CStmt *) g_ptr_array_index (items, k + 1))->loc : block_end;
  return plan;
}

/* A plan for the loop ITEMS[I] of a block of main's body: a create loop whose threads
 * a later join loop of the block joins, all of them (see the approach); NULL when it
 * is not one. */
static JoinAllPlan *
find_plan (Lower *L, GPtrArray *items, guint i, RfLoc block_end)
{
  CountedLoop cl, jl;
  CDecl *main_fn = L->frame->fn;
  JoinSite csite, jsite;
  if (!lower_join_site (L, items, i, main_fn, &csite) || !lower_join_site_create_shape (&csite)
      || !(lower_counted_form (csite.items, csite.i, &cl)
           || (!csite.helper && lower_counted_guarded (csite.items, csite.i, &cl)))
      || !index_kept (L, &cl))
    return NULL;
  /* a create loop left early (a failed create, `break`, its guard) starts fewer
   * threads: a count wait allows for it, a join or wait loop then joins slots never
   * filled */
  gboolean whole = !cl.guard && no_early_exit (L, cl.stmt, &csite);
  CExpr *create = cl.guard ? guard_create (cl.guard, cl.body) : the_call (cl.body, "pthread_create");
  Slot cs = { .path = g_string_new (NULL) }, js = { .path = g_string_new (NULL) };
  JoinAllPlan *plan = NULL;
  /* what a helper's parameters (and a returned local) stand for in main */
  g_autoptr (GHashTable) subst = g_hash_table_new (NULL, NULL);
  g_autoptr (GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  lower_join_site_bind (L, &csite, subst, owned);
  if (!create)
    goto out;
  /* a join loop needs the handles in slots H[i]; a wait loop does not */
  gboolean slotted = create_slot (c_arg (create, 0), &cs) && slot_steps (&cs, &cl);
  for (guint k = i + 1; k < items->len && !plan; k++)
    {
      /* a wait on a counter every thread steps (rf-c-lower-joinall-count.c) */
      CDecl *counter = NULL;
      if (!cl.guard && lower_joinall_count (L, items, i, k, &cl, create, &csite, &counter))
        {
          plan = new_plan (L, create, g_ptr_array_index (items, k), items,
                           lower_counted_first (&cl, i), k, block_end);
          plan->counter = counter;
          break;
        }
      /* a join loop has its own init, or goes on with the create loop's index */
      if (!lower_join_site (L, items, k, main_fn, &jsite)
          || !(lower_counted_form (jsite.items, jsite.i, &jl)
               || (!csite.helper && !jsite.helper && lower_counted_after (items, k, &cl, &jl))))
        continue;
      lower_join_site_bind (L, &jsite, subst, owned);
      /* a join loop (pthread_join (H[i])), or a wait loop: sem_wait on one semaphore,
       * the same on every pass (lower_joinall_check sees who posts it) */
      CExpr *join = the_call (jl.body, "pthread_join");
      CExpr *wait = join ? NULL : a_call_always (jl.body, "sem_wait");
      if (wait)
        {
          g_autoptr (GPtrArray) idx = g_ptr_array_new ();
          g_ptr_array_add (idx, jl.index);
          Scan si = { .L = L, .decls = idx, .mention = TRUE };
          if (c_arg (wait, 0))
            c_visit_expr (&(CVisitor) { .stmt = scan_stmt, .stmt_done = scan_stmt_done, .expr = scan_expr, .data = &si },
                          c_arg (wait, 0));
          if (!c_arg (wait, 0) || si.hit)
            continue;
        }
      /* a wait loop may count the threads main started (`started++` after each
       * create that succeeded): then the create loop may be left early */
      gboolean started = wait && !csite.helper && !jsite.helper && !cl.guard
                         && lower_joinall_started (L, items, i, k, &cl, create, &jl);
      /* or a create loop left where a create failed, joined from 0 up to where its
       * index stopped: by a join loop bounded by that index, or one going on with it */
      gboolean partial = !whole && join && !csite.helper && !jsite.helper && partial_create (L, &cl, create)
                         && ((jl.index == cl.index && !jl.lo.e && jl.lo.off == 0)
                             || (!jl.lo.e && jl.lo.off == 0 && jl.hi.e && jl.hi.off == 0
                                 && lower_ident_decl (jl.hi.e) == cl.index && jl.index != cl.index));
      if (!whole && !started && !partial)
        continue;
      /* a join loop joins the slots the create loop filled, the same range; a wait
       * loop only needs as many passes (hi - lo, both ends alike but for constants) */
      gboolean same_range = partial
                            || (join ? lower_same_endpoint (L, jl.lo, cl.lo, subst) && lower_same_endpoint (L, jl.hi, cl.hi, subst)
                                     : lower_same_length (L, jl.lo, jl.hi, cl.lo, cl.hi, subst));
      if ((!join && !wait)
          || (join && (!slotted || !slot_of (c_arg (join, 0), &js) || !slot_steps (&js, &jl)
                       || strcmp (js.path->str, cs.path->str) != 0 || !lower_same_value (L, js.h, cs.h, subst)))
          || !(same_range || started) || !index_kept (L, &jl)
          || !no_early_exit (L, jl.stmt, &jsite) || (jsite.helper && jsite.helper == csite.helper))
        continue;
      /* nothing between the loops leaves early */
      Scan between = { .L = L, .main_top = TRUE };
      for (guint m = i + 1; m < k; m++)
        scan (&between, g_ptr_array_index (items, m), FALSE);
      if (between.jump)
        break;
      if (started)
        {
          plan = new_plan (L, create, jl.stmt, items, lower_counted_first (&cl, i), k, block_end);
          plan->sem_arg = c_arg (wait, 0);
          plan->sem_loc = wait->loc;
          break;
        }
      /* A, B and H keep their values from the create loop to the join loop, and no
       * slot of H changes but by the create call (a while loop's init is the item
       * before it); a helper's parameters stand for their arguments' variables */
      g_autoptr (GPtrArray) vars = g_ptr_array_new ();
      g_autoptr (GPtrArray) hvars = g_ptr_array_new ();
      g_autoptr (GPtrArray) hraw = g_ptr_array_new ();
      guint first = csite.helper ? i : lower_counted_first (&cl, i);
      g_autoptr (GHashTable) funcs = region_funcs (L, items, first, k, csite.helper, jsite.helper);
      gboolean ok = TRUE;
      lower_join_site_vars (cl.init, subst, vars, &ok);
      if (cl.bound)
        lower_join_site_vars (cl.bound, subst, vars, &ok);
      if (join)
        {
          lower_join_site_vars (cs.h, subst, hvars, &ok);
          ok = ok && lower_value_vars (cs.h, hraw) && lower_value_vars (js.h, hraw);
        }
      if (!ok)
        break;
      g_ptr_array_remove (vars, cl.index);
      g_ptr_array_remove (vars, jl.index);
      /* the parts of them the loop headers read */
      g_autoptr (GHashTable) reads = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
      CExpr *ends[4] = { cl.init, cl.bound, jl.init, jl.bound };
      for (guint m = 0; m < 4; m++)
        lower_join_value_paths (L, ends[m], subst, reads);
      /* the same variables, not just the same names (a helper's global n is not
       * main's local n) */
      g_autoptr (GPtrArray) jvars = g_ptr_array_new ();
      lower_join_site_vars (jl.init, subst, jvars, &ok);
      if (jl.bound)
        lower_join_site_vars (jl.bound, subst, jvars, &ok);
      if (!ok)
        break;
      g_ptr_array_remove (jvars, cl.index);
      g_ptr_array_remove (jvars, jl.index);
      gboolean same = jvars->len == vars->len;
      for (guint m = 0; same && m < jvars->len; m++)
        same = g_ptr_array_find (vars, g_ptr_array_index (jvars, m), NULL);
      if (!same && !partial)
        break;
      if (partial)
        {
          /* the join range is [0, i) with i where the create loop left it: nothing
           * between the loops, nor a join loop with its own index, changes i */
          g_autoptr (GPtrArray) idx = g_ptr_array_new ();
          g_ptr_array_add (idx, cl.index);
          Scan si = { .L = L, .decls = idx, .main_top = TRUE };
          for (guint m = i + 1; m < k; m++)
            scan (&si, g_ptr_array_index (items, m), FALSE);
          if (jl.index != cl.index)
            scan (&si, jl.stmt, FALSE);
          if (si.hit)
            break;
        }
      if (g_ptr_array_find (hvars, cl.index, NULL) || g_ptr_array_find (hvars, jl.index, NULL)
          || !stable (L, vars, items, i, k, main_fn, NULL, funcs, reads))
        break;
      /* the variables of A, B and H are main's or globals (a helper's own are not
       * stable; a parameter that stands for no argument is not main's); the helpers'
       * bodies change none of them */
      if (!lower_join_main_or_global (main_fn, vars) || !lower_join_main_or_global (main_fn, hvars))
        goto out;
      Scan hv = { .L = L, .decls = vars };
      if (csite.helper)
        scan (&hv, csite.helper->body, FALSE);
      if (jsite.helper)
        scan (&hv, jsite.helper->body, FALSE);
      if (hv.hit)
        break;
      /* H: not even named between the loops; in the loops only in the two calls (a
       * create helper's statements before its loop come before any create; a join
       * helper's after its loop, after every join) */
      g_autoptr (GPtrArray) hdecls = g_ptr_array_copy (hvars, NULL, NULL);
      for (guint m = 0; m < hraw->len; m++)
        if (!g_ptr_array_find (hdecls, g_ptr_array_index (hraw, m), NULL))
          g_ptr_array_add (hdecls, g_ptr_array_index (hraw, m));
      g_autofree char *field = cs.path->len > 1 ? g_strndup (cs.path->str + 1, strcspn (cs.path->str + 1, ".")) : NULL;
      Scan hs = { .L = L, .decls = hdecls, .mention = TRUE, .main_top = TRUE, .slot_field = field };
      for (guint m = i + 1; m < k; m++)
        scan (&hs, g_ptr_array_index (items, m), FALSE);
      /* the handle arguments, and the threads' argument: a thread given its element
       * (&H[i]) could overwrite its handle, which lower_joinall_check looks for */
      hs.skip = c_arg (create, 0);
      hs.skip2 = c_arg (create, 3);
      scan (&hs, cl.stmt, TRUE);
      hs.skip = join ? c_arg (join, 0) : NULL;
      hs.skip2 = NULL;
      for (guint m = jsite.helper ? 0 : jsite.i; m <= jsite.i; m++)
        scan (&hs, g_ptr_array_index (jsite.items, m), m == jsite.i);
      g_autoptr (GHashTable) ok_args = g_hash_table_new (NULL, NULL);
      bound_handle_args (&csite, subst, hraw, ok_args);
      bound_handle_args (&jsite, subst, hraw, ok_args);
      if (join && (hs.hit || !handles_kept (L, hdecls, main_fn, c_arg (create, 0), c_arg (join, 0), c_arg (create, 3),
                                           csite.helper, jsite.helper, funcs, ok_args)))
        break;
      /* a pointer H keeps its value through the loops (its declaration, or `H = ...`,
       * comes before them; or the create helper returns its local array, and main's
       * statement that calls it sets H); a returned local is set before the loop */
      gboolean returned = csite.ret_local && g_ptr_array_find (hvars, csite.ret_var, NULL);
      Scan hset = { .L = L, .decls = hvars, .main_top = TRUE, .skip = c_arg (create, 0), .skip2 = c_arg (create, 3),
                    .slot_field = field };
      for (guint m = returned ? i + 1 : first; m <= k; m++)
        scan (&hset, g_ptr_array_index (items, m), FALSE);
      if (returned)
        {
          hset.decls = hraw;
          scan (&hset, cl.stmt, TRUE);
        }
      if (hset.hit)
        break;
      plan = new_plan (L, create, jl.stmt, items, first, k, block_end);
      plan->join = join;
      plan->sem_arg = wait ? c_arg (wait, 0) : NULL;
      plan->sem_loc = wait ? wait->loc : (RfLoc) { 0 };
      plan->create_fn = csite.helper;
      plan->join_fn = jsite.helper;
      /* main's own writes in the helpers: before the create loop, after the join loop */
      if (csite.helper)
        {
          guint at = lower_counted_first (&cl, csite.i);
          plan->quiet_begin[0] = csite.helper->body->loc;
          plan->quiet_end[0] = ((CStmt *) g_ptr_array_index (csite.items, at))->loc;
        }
      if (jsite.helper && jsite.i + 1 < jsite.items->len)
        {
          plan->quiet_begin[1] = ((CStmt *) g_ptr_array_index (jsite.items, jsite.i + 1))->loc;
          plan->quiet_end[1] = jsite.helper->body->end;
        }
    }
  /* a barrier the threads pass once (rf-c-lower-joinall-barrier.c), with or without
   * a plan that waits for their end */
  CDecl *barrier = NULL;
  gboolean main_waits = FALSE;
  if (!cl.guard && lower_joinall_barrier (L, items, i, &cl, create, &csite, &barrier, &main_waits))
    {
      if (!plan)
        plan = new_plan (L, create, NULL, items, lower_counted_first (&cl, i), i, block_end);
      plan->barrier = barrier;
      plan->barrier_main = main_waits;
      plan->create_loop = cl.stmt;
    }
out:
  g_string_free (cs.path, TRUE);
  g_string_free (js.path, TRUE);
  return plan;
}

void
lower_joinall_plan_free (JoinAllPlan *plan)
{
  if (!plan)
    return;
  g_array_unref (plan->jobs);
  g_array_unref (plan->slot_writes);
  g_array_unref (plan->joinall_edges);
  g_array_unref (plan->barrier_edges);
  g_free (plan);
}


void
lower_joinall_block_begin (Lower *L, CStmt *block, guint i)
{
  CStmt *s = g_ptr_array_index (block->items, i);
  if ((s->kind != C_STMT_FOR && s->kind != C_STMT_WHILE && s->kind != C_STMT_EXPR && s->kind != C_STMT_IF
       && s->kind != C_STMT_DECL) || L->quiet
      || !in_main_alone (L, NULL))
    return;
  JoinAllPlan *plan = find_plan (L, block->items, i, block->end);
  if (plan)
    g_ptr_array_add (L->jobs.joinall, plan);
}

JoinAllPlan *
lower_joinall_for_create (Lower *L, CExpr *call)
{
  for (guint i = 0; i < L->jobs.joinall->len; i++)
    {
      JoinAllPlan *p = g_ptr_array_index (L->jobs.joinall, i);
      if (p->create == call && in_main_alone (L, p->create_fn))
        return p;
    }
  return NULL;
}

void
lower_joinall_after (Lower *L, CStmt *s)
{
  lower_joinall_barrier_looped (L, s);
  for (guint i = 0; i < L->jobs.joinall->len; i++)
    {
      JoinAllPlan *p = g_ptr_array_index (L->jobs.joinall, i);
      if (p->join_loop != s || !in_main_alone (L, p->join_fn))
        continue;
      /* every thread of the create loop's job types has been joined, or has posted
       * the semaphore of the wait loop */
      gint sem = -1;
      if (p->sem_arg)
        sem = lower_sync_var (L, p->sem_arg, RF_VAR_SEM, p->sem_loc, FALSE);  /* as the loop's sem_wait */
      if (p->counter)
        {
          /* the pseudo-semaphore the threads' steps of the counter post */
          g_autofree char *name = g_strdup_printf ("finished$%s", p->counter->name);
          sem = lower_var (L, name, RF_VAR_SEM, p->counter->loc);
        }
      for (guint k = 0; k < p->jobs->len && ((!p->sem_arg && !p->counter) || sem >= 0); k++)
        {
          guint job = g_array_index (p->jobs, guint, k);
          const char *jn = rf_program_get_job (L->prog, job)->name;
          g_autofree char *t = sem >= 0 ? g_strdup_printf ("every thread of %s posted %s", jn,
                                                           rf_program_get_var (L->prog, (guint) sem)->name)
                                        : g_strdup_printf ("every thread of %s joined", jn);
          guint pair[2] = { L->job->id, L->job->edges->len };
          lower_emit (L, RF_OP_JOINALL, (gint) job, sem, s->loc, t);
          g_array_append_vals (p->joinall_edges, pair, 2);
        }
      g_ptr_array_add (L->jobs.joinall_done, g_ptr_array_steal_index (L->jobs.joinall, i));
      return;
    }
}

gboolean
lower_joinall_is_join (Lower *L, CExpr *call)
{
  for (guint i = 0; i < L->jobs.joinall->len; i++)
    if (((JoinAllPlan *) g_ptr_array_index (L->jobs.joinall, i))->join == call)
      return TRUE;
  return FALSE;
}
