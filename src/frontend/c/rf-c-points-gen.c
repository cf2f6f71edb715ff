/* rf-c-points-gen: the points-to constraints of a C unit's expressions, initializers,
 * statements and calls.
 *
 * Approach. Each expression gets a node for its value (val) and, for an lvalue or a
 * struct-valued expression, one for its locations (addr), memoised per expression; the
 * constraints between them are those of rf-c-points-private.h's ConsKind. A call binds
 * parameters to arguments and results to returns once its targets are known (through
 * a pointer: while solving); a call of a library function of rf-c-libc.h is lowered by
 * its pointer effect; any other call reaches code without a body. */
#include "rf-c-points-private.h"

#include <string.h>

static guint lower_lib (RfCPoints *P, CExpr *e, const char *name, guint *raddr);
static guint addr (RfCPoints *P, CExpr *e);
static guint val (RfCPoints *P, CExpr *e);

/* Arguments given to a function a library function calls back, when the function
 * pointer's type does not say how many (nftw's callback takes four). */
#define CALLBACK_ARGS 4
static void init_object (RfCPoints *P, guint obj, const char *path, CType *type, CInit *in);

static guint
ret_node (RfCPoints *P, CDecl *def)
{
  gpointer v = g_hash_table_lookup (P->ret_of, def);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  guint n = pts_node_new (P);
  g_hash_table_insert (P->ret_of, def, GUINT_TO_POINTER (n + 1));
  return n;
}

/* Call K reaches DEF: parameters ⊇ arguments, result ⊇ returns (once per target). */
void
pts_bind (RfCPoints *P, Call *k, CDecl *def)
{
  if (g_hash_table_contains (k->bound, def))
    return;
  g_hash_table_add (k->bound, def);
  P->changed = TRUE;
  for (guint i = 0; def->params && i < def->params->len && i < k->vals->len; i++)
    {
      CDecl *p = g_ptr_array_index (def->params, i);
      guint o = pts_obj_var (P, p, def);
      guint a = g_array_index (k->addrs, guint, i);
      if (a != NO_OBJ && is_aggregate (P, pts_obj_at (P, o)->o->type))
        pts_cons_add (P, K_COPYOBJ, pts_node_of_loc (P, o, ""), a, pts_obj_at (P, o)->o->type, NULL);
      else
        pts_cons_add (P, K_COPY, pts_cell_id (P, o, ""), g_array_index (k->vals, guint, i), NULL, NULL);
    }
  if (k->create)
    return;
  pts_cons_add (P, K_COPY, k->rval, ret_node (P, def), NULL, NULL);
  CType *ft = strip (P, def->type);
  if (ft && ft->kind == C_TYPE_FUNCTION && is_aggregate (P, ft->base))
    pts_set_add (P, k->raddr, pts_loc_id (P, pts_obj_result (P, def), ""));
}

/* Call K reaches code without a body: it may keep and write all its arguments reach,
 * and returns anything. */
void
pts_bind_unknown (RfCPoints *P, Call *k)
{
  if (k->unknown_done)
    return;
  k->unknown_done = TRUE;
  P->changed = TRUE;
  if (!k->in_system)
    P->unknown_calls = TRUE;
  for (guint i = 0; i < k->vals->len; i++)
    {
      pts_cons_add (P, K_TAINT, 0, g_array_index (k->vals, guint, i), NULL, NULL);
      guint a = g_array_index (k->addrs, guint, i);
      if (a != NO_OBJ)
        {
          /* a struct passed by value: what its pointers reach */
          guint n = pts_node_new (P);
          pts_cons_add (P, K_LOAD, n, a, NULL, NULL);
          pts_cons_add (P, K_TAINT, 0, n, NULL, NULL);
        }
    }
  pts_set_unknown (P, k->rval);
  pts_set_unknown (P, k->raddr);
}

/* A call by NAME (DEF: the body of a function of that name, or NULL) goes to the
 * library's summary (rf-c-libc.h), not to DEF. */
static gboolean
summarised (RfCPoints *P, const char *name, CDecl *def)
{
  return rf_c_libc_points (rf_c_libc_lookup (name), def && !def->in_system);
}

/* Call K reaches FN, which has no body: its library summary when it has one (as a
 * call by name), else unknown code. */
void
pts_bind_library (RfCPoints *P, Call *k, CDecl *fn)
{
  if (!fn->name || !summarised (P, fn->name, NULL))
    {
      pts_bind_unknown (P, k);
      return;
    }
  if (g_hash_table_contains (k->bound, fn))
    return;
  g_hash_table_add (k->bound, fn);
  P->changed = TRUE;
  guint raddr = pts_node_new (P);
  guint r = lower_lib (P, k->call, fn->name, &raddr);
  pts_cons_add (P, K_COPY, k->rval, r, NULL, NULL);
  pts_cons_add (P, K_COPY, k->raddr, raddr, NULL, NULL);
}

static Call *
call_new (RfCPoints *P, CExpr *e, guint first, guint n_args)
{
  Call *k = g_new0 (Call, 1);
  k->call = e;
  k->vals = g_array_new (FALSE, FALSE, sizeof (guint));
  k->addrs = g_array_new (FALSE, FALSE, sizeof (guint));
  k->bound = g_hash_table_new (NULL, NULL);
  k->rval = pts_node_new (P);
  k->raddr = pts_node_new (P);
  k->fnode = NO_OBJ;
  k->in_system = P->fn && P->fn->in_system;
  for (guint i = first; e->args && i < e->args->len && i < first + n_args; i++)
    {
      CExpr *a = g_ptr_array_index (e->args, i);
      guint v = NO_OBJ, ad = NO_OBJ;
      if (is_aggregate (P, type_of (P, a)))
        {
          ad = addr (P, a);
          v = P->empty;
        }
      else
        v = val (P, a);
      g_array_append_val (k->vals, v);
      g_array_append_val (k->addrs, ad);
    }
  g_ptr_array_add (P->calls, k);
  return k;
}

void
pts_call_free (Call *k)
{
  g_array_unref (k->vals);
  g_array_unref (k->addrs);
  g_hash_table_unref (k->bound);
  g_free (k);
}

/* What a call of library function NAME does to pointers (rf-c-libc.h). */
static RfCLibcPointers
lib_of (const char *name)
{
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  return f ? f->pointers : RF_C_LIBC_PTS_OTHER;
}

/* The first state of library function NAME that is an object of the library, not a
 * variable (rf-c-libc.h), or NULL. */
static const char *
first_state (const char *name)
{
  guint n;
  const RfCLibcState *st = rf_c_libc_states (rf_c_libc_lookup (name), &n);
  for (guint i = 0; i < n; i++)
    if (!rf_c_libc_state_is_variable (st[i].name))
      return st[i].name;
  return NULL;
}

gboolean
rf_c_points_leaks_first_argument (CExpr *call, const char *name, gboolean result_used)
{
  RfCLibcPointers lib = name ? lib_of (name) : RF_C_LIBC_PTS_OTHER;
  if (lib == RF_C_LIBC_PTS_ENDPTR)
    return call && c_arg (call, 1) && !c_is_null_constant (c_arg (call, 1));
  if (lib == RF_C_LIBC_PTS_STRTOK || lib == RF_C_LIBC_PTS_STATE_KEEP)
    return TRUE;
  return result_used
         && (lib == RF_C_LIBC_PTS_RET0 || lib == RF_C_LIBC_PTS_COPY || lib == RF_C_LIBC_PTS_BYTES0 || lib == RF_C_LIBC_PTS_SET || lib == RF_C_LIBC_PTS_REALLOC);
}

static void
visit_args (RfCPoints *P, CExpr *e, guint from)
{
  for (guint i = from; e->args && i < e->args->len; i++)
    {
      CExpr *a = g_ptr_array_index (e->args, i);
      if (is_aggregate (P, type_of (P, a)))
        addr (P, a);
      else
        val (P, a);
    }
}

static CType *
pointee_of (RfCPoints *P, CExpr *e)
{
  return rf_c_type_pointee (P->ty, type_of (P, e));
}

/* atomic_*, __atomic_*, __sync_*: the object *arg0 may take any value passed (a value
 * argument of its type, or what a pointer argument to its type points to), and the
 * result and every such pointer argument may receive its value. */
static guint
lower_atomic (RfCPoints *P, CExpr *e)
{
  guint v = pts_node_new (P), r = pts_node_new (P);
  CExpr *obj = c_arg (e, 0);
  if (!obj)
    return r;
  guint p0 = val (P, obj);
  CType *w = pointee_of (P, obj);
  pts_cons_add (P, K_LOAD, v, p0, w, NULL);
  for (guint i = 1; e->args && i < e->args->len; i++)
    {
      CExpr *a = g_ptr_array_index (e->args, i);
      guint n = val (P, a);
      CType *t = type_of (P, a);
      if (!pointer_valued (P, t))
        continue;
      if (!w || pointer_valued (P, w))
        pts_cons_add (P, K_COPY, v, n, NULL, NULL);
      CType *pt = rf_c_type_pointee (P->ty, t);
      if (pt && rf_c_type_compatible (P->ty, pt, w) && pointer_valued (P, pt))
        {
          guint m = pts_node_new (P);
          pts_cons_add (P, K_LOAD, m, n, pt, NULL);
          pts_cons_add (P, K_COPY, v, m, NULL, NULL);
          pts_cons_add (P, K_STORE, v, n, pt, NULL);
        }
    }
  if (!w || pointer_valued (P, w))
    pts_cons_add (P, K_STORE, v, p0, w, NULL);
  pts_cons_add (P, K_COPY, r, v, NULL, NULL);
  return r;
}

/* A library function whose effect writes through an argument (read, fread, recv,
 * localtime_r: rf-c-libc.h) stores data there, which may land on pointers: they
 * become unknown (a pointer read back from a file may point anywhere). Summaries that
 * say what they store (memcpy, memset, scanf, strtol, strtok_r) are not asked. */
static void
written_data (RfCPoints *P, CExpr *e, const char *name)
{
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  gint k = !f ? -1 : f->effect == RF_C_LIBC_WRITE0 || f->effect == RF_C_LIBC_WRITE0_ONLY ? 0
                   : f->effect == RF_C_LIBC_WRITE1 ? 1 : -1;
  gboolean all = f && f->effect == RF_C_LIBC_READS_WRITES;  /* an unknown builtin: any argument */
  for (guint i = 0; e->args && i < e->args->len; i++)
    {
      CExpr *a = c_arg (e, i);
      if ((!all && (gint) i != k) || c_is_null_constant (a) || !rf_c_type_is_pointerish (P->ty, type_of (P, a))
          || c_peel (a)->kind == C_EXPR_STRING)
        continue;
      guint p = val (P, a);
      pts_cons_add (P, K_SCALAR, p, p, pointee_of (P, a), NULL);
    }
}

/* A call of library function NAME; returns the result's node. */
static guint
lower_lib (RfCPoints *P, CExpr *e, const char *name, guint *raddr)
{
  guint r = pts_node_new (P);
  CExpr *a0 = c_arg (e, 0);
  RfCLibcPointers kind = lib_of (name);
  if (kind == RF_C_LIBC_PTS_OTHER || kind == RF_C_LIBC_PTS_RET0 || kind == RF_C_LIBC_PTS_STATE
      || kind == RF_C_LIBC_PTS_PRIVATE)
    written_data (P, e, name);
  switch (kind)
    {
    case RF_C_LIBC_PTS_ALLOC: case RF_C_LIBC_PTS_REALLOC:
      {
        guint o = pts_obj_heap (P, e);
        if (o == NO_OBJ)
          {
            visit_args (P, e, 0);
            pts_set_unknown (P, r);
            return r;
          }
        pts_set_add (P, r, pts_loc_id (P, o, ""));
        if (lib_of (name) == RF_C_LIBC_PTS_REALLOC && a0)
          {
            guint p = val (P, a0);
            pts_cons_add (P, K_COPY, r, p, NULL, NULL);
            pts_cons_add (P, K_COPYOBJ, pts_node_of_loc (P, o, ""), p, NULL, NULL);
            visit_args (P, e, 1);
          }
        else
          visit_args (P, e, 0);
      }
      return r;
    case RF_C_LIBC_PTS_RET0: case RF_C_LIBC_PTS_BYTES0: case RF_C_LIBC_PTS_SET: case RF_C_LIBC_PTS_COPY:
      {
        if (!a0)
          return r;
        guint p = val (P, a0);
        pts_cons_add (P, K_COPY, r, p, NULL, NULL);
        RfCLibcPointers lib = lib_of (name);
        if (lib == RF_C_LIBC_PTS_COPY && c_arg (e, 1))
          pts_cons_add (P, K_COPYOBJ, p, val (P, c_arg (e, 1)), NULL, NULL);
        else if (lib == RF_C_LIBC_PTS_BYTES0 || (lib == RF_C_LIBC_PTS_SET && !(strstr (name, "bzero") || c_is_null_constant (c_arg (e, 1)))))
          pts_cons_add (P, K_SCALAR, p, p, NULL, NULL);
        visit_args (P, e, lib == RF_C_LIBC_PTS_COPY ? 2 : 1);
      }
      return r;
    case RF_C_LIBC_PTS_SCAN: case RF_C_LIBC_PTS_SSCAN:
      for (guint i = lib_of (name) == RF_C_LIBC_PTS_SCAN ? 1 : 2; e->args && i < e->args->len; i++)
        {
          CExpr *a = g_ptr_array_index (e->args, i);
          guint p = val (P, a);
          if (rf_c_type_is_pointerish (P->ty, type_of (P, a)))
            pts_cons_add (P, K_SCALAR, p, p, pointee_of (P, a), NULL);
        }
      visit_args (P, e, 0);
      return r;
    case RF_C_LIBC_PTS_ENDPTR:
      if (a0 && c_arg (e, 1) && !c_is_null_constant (c_arg (e, 1)))
        pts_cons_add (P, K_STORE, val (P, a0), val (P, c_arg (e, 1)), pointee_of (P, c_arg (e, 1)), NULL);
      visit_args (P, e, 0);
      return r;
    case RF_C_LIBC_PTS_SETSPECIFIC:
      visit_args (P, e, 0);
      if (c_arg (e, 1))
        pts_cons_add (P, K_COPY, P->specific, val (P, c_arg (e, 1)), NULL, NULL);
      return r;
    case RF_C_LIBC_PTS_GETSPECIFIC:
      visit_args (P, e, 0);
      pts_cons_add (P, K_COPY, r, P->specific, NULL, NULL);
      return r;
    case RF_C_LIBC_PTS_KEYCREATE:
      {
        visit_args (P, e, 0);
        CExpr *f = c_peel (c_arg (e, 1));
        if (f && f->kind == C_EXPR_UNARY && f->op == C_OP_ADDR)
          f = c_peel (f->a);
        CDecl *def = f && f->kind == C_EXPR_IDENT && f->decl && f->decl->kind == C_DECL_FUNC
                     ? pts_func_def (P, f->text) : NULL;
        if (def && def->params && def->params->len == 1)
          pts_cons_add (P, K_COPY, pts_cell_id (P, pts_obj_var (P, g_ptr_array_index (def->params, 0), def), ""),
                    P->specific, NULL, NULL);
        else if (f && !c_is_null_constant (f))
          {
            /* a destructor through a pointer: whatever it may be gets unknown values */
            pts_cons_add (P, K_TAINT, 0, val (P, c_arg (e, 1)), NULL, NULL);
          }
      }
      return r;
    case RF_C_LIBC_PTS_STRTOK:
      {
        /* the saved pointer: where argument 3 points, or strtok's library state */
        visit_args (P, e, 0);
        const char *st = first_state (name);
        guint sp = NO_OBJ;
        CType *spt = NULL;
        if (c_arg (e, 2) && !c_is_null_constant (c_arg (e, 2)))
          {
            sp = val (P, c_arg (e, 2));
            spt = pointee_of (P, c_arg (e, 2));
          }
        else if (st && !c_arg (e, 2))
          sp = pts_node_of_loc (P, pts_obj_state (P, st), "");
        if (a0 && sp != NO_OBJ)
          {
            guint v = val (P, a0);
            pts_cons_add (P, K_COPY, r, v, NULL, NULL);
            pts_cons_add (P, K_STORE, v, sp, spt, NULL);
            pts_cons_add (P, K_LOAD, r, sp, NULL, NULL);
          }
        else
          pts_set_unknown (P, r);
      }
      return r;
    case RF_C_LIBC_PTS_STATE: case RF_C_LIBC_PTS_STATE_KEEP:
      {
        /* a pointer into the state, or one it holds: it holds pointers into itself
         * (a struct passwd's strings are in the same static area); putenv: the state
         * keeps the argument */
        visit_args (P, e, 0);
        const char *st = first_state (name);
        if (!st)
          {
            pts_set_unknown (P, r);
            return r;
          }
        guint o = pts_obj_state (P, st);
        guint at = pts_node_of_loc (P, o, "");
        if (lib_of (name) == RF_C_LIBC_PTS_STATE_KEEP)
          {
            if (a0)
              pts_cons_add (P, K_STORE, val (P, a0), at, NULL, NULL);
          }
        else
          {
            pts_set_add (P, pts_cell_id (P, o, ""), pts_loc_id (P, o, ""));
            pts_cons_add (P, K_COPY, r, at, NULL, NULL);
            pts_cons_add (P, K_LOAD, r, at, NULL, NULL);
          }
      }
      return r;
    case RF_C_LIBC_PTS_CREATE:
      {
        visit_args (P, e, 0);
        CExpr *f = c_arg (e, 2), *arg = c_arg (e, 3);
        if (!f || !arg)
          return r;
        Call *k = call_new (P, e, 3, 1);
        k->create = TRUE;
        CExpr *pf = c_peel (f);
        if (pf && pf->kind == C_EXPR_UNARY && pf->op == C_OP_ADDR)
          pf = c_peel (pf->a);
        CDecl *def = pf && pf->kind == C_EXPR_IDENT && pf->decl && pf->decl->kind == C_DECL_FUNC
                     ? pts_func_def (P, pf->text) : NULL;
        if (def)
          pts_bind (P, k, def);
        else
          {
            k->fnode = val (P, f);
            pts_cons_add (P, K_CALL, 0, 0, NULL, k);
          }
      }
      return r;
    case RF_C_LIBC_PTS_JOIN:
      visit_args (P, e, 0);
      if (c_arg (e, 1) && !c_is_null_constant (c_arg (e, 1)))
        pts_cons_add (P, K_STORE, P->unknown, val (P, c_arg (e, 1)), pointee_of (P, c_arg (e, 1)), NULL);
      return r;
    case RF_C_LIBC_PTS_PRIVATE:
      visit_args (P, e, 0);
      return r;
    case RF_C_LIBC_PTS_ATOMIC:
      visit_args (P, e, 0);
      return lower_atomic (P, e);
    case RF_C_LIBC_PTS_OTHER: case RF_C_LIBC_PTS_UNKNOWN: case RF_C_LIBC_N_PTS:
      break;
    }
  /* a summarised function given functions (qsort's comparator) calls them with
   * pointers the analysis does not follow: their parameters are unknown */
  const RfCLibcFunc *row = rf_c_libc_lookup (name);
  ConsKind given = row && (row->flags & RF_C_LIBC_CALLS_BACK) ? K_CALLBACK : K_TAINT;
  const char *st = given == K_CALLBACK ? first_state (name) : NULL;
  for (guint i = 0; e->args && i < e->args->len; i++)
    {
      CType *at = strip (P, type_of (P, c_arg (e, i)));
      CType *ft = at && at->kind == C_TYPE_POINTER ? strip (P, at->base) : at;
      if (!ft || ft->kind != C_TYPE_FUNCTION)
        continue;
      if (!st)
        {
          pts_cons_add (P, given, 0, val (P, c_arg (e, i)), NULL, NULL);
          continue;
        }
      /* a library function with a hidden state (ftw) calls it back with pointers into
       * that state (its path and stat buffers), before it returns */
      Call *k = call_new (P, e, 0, 0);
      k->called_back = TRUE;
      guint at_state = pts_node_of_loc (P, pts_obj_state (P, st), "");
      for (guint j = 0; j < (ft->params && ft->params->len ? ft->params->len : CALLBACK_ARGS); j++)
        {
          guint no = NO_OBJ;
          g_array_append_val (k->vals, at_state);
          g_array_append_val (k->addrs, no);
        }
      k->fnode = val (P, c_arg (e, i));
      pts_cons_add (P, K_CALL, 0, 0, NULL, k);
    }
  visit_args (P, e, 0);
  CType *rt = type_of (P, e);
  if (pointer_valued (P, rt) && !is_kind (P, rt, C_TYPE_VOID))
    pts_set_unknown (P, r);
  if (is_aggregate (P, rt))
    pts_set_unknown (P, *raddr);
  return r;
}

/* A call: the result's value node; *RADDR gets its location node (struct results). */
static guint
lower_call (RfCPoints *P, CExpr *e, guint *raddr)
{
  const char *name = c_callee_name (e);
  CDecl *def = pts_func_def (P, name);
  *raddr = pts_node_new (P);
  if (name && summarised (P, name, def))
    return lower_lib (P, e, name, raddr);
  Call *k = call_new (P, e, 0, G_MAXUINT);
  k->raddr = *raddr;
  if (def && P->opts.wrappers && g_hash_table_contains (P->opts.wrappers, def))
    {
      /* an allocation wrapper: the call's own object (its body still binds) */
      pts_bind (P, k, def);
      guint o = pts_obj_heap (P, e);
      guint r = pts_node_new (P);
      if (o == NO_OBJ)
        pts_set_unknown (P, r);
      else
        pts_set_add (P, r, pts_loc_id (P, o, ""));
      return r;
    }
  if (def)
    pts_bind (P, k, def);
  else if (name)
    pts_bind_unknown (P, k);
  else
    {
      k->fnode = val (P, e->a);
      pts_cons_add (P, K_CALL, 0, 0, NULL, k);
    }
  return k->rval;
}

static guint
memo (RfCPoints *P, GHashTable *table, CExpr *e, guint n)
{
  g_hash_table_insert (table, e, GUINT_TO_POINTER (n + 1));
  return n;
}

/* The value of the last expression statement of statement expression E (VALUE: its
 * value, else its locations). */
static guint
stmt_expr_result (RfCPoints *P, CExpr *e, gboolean value)
{
  CStmt *s = e->stmt;
  /* the value is the last statement's, before the cleanup calls of the block's
   * variables (c_stmt_compound), which run after it */
  guint n = s && s->kind == C_STMT_COMPOUND && s->items ? s->items->len - s->cleanups : 0;
  CStmt *last = n > 0 ? g_ptr_array_index (s->items, n - 1) : NULL;
  for (guint i = 0; i + 1 < n; i++)
    pts_stmt (P, g_ptr_array_index (s->items, i));
  guint r = last && last->kind == C_STMT_EXPR && last->expr ? (value ? val (P, last->expr) : addr (P, last->expr))
                                                            : (pts_stmt (P, last), P->empty);
  for (guint i = n; s && s->kind == C_STMT_COMPOUND && s->items && i < s->items->len; i++)
    pts_stmt (P, g_ptr_array_index (s->items, i));
  return r;
}

static guint
compound_literal (RfCPoints *P, CExpr *e)
{
  guint o = pts_obj_literal (P, e);
  init_object (P, o, "", e->type, e->init);
  return o;
}

/* The locations lvalue E denotes (or a struct-valued E's); walks E. */
static guint
addr (RfCPoints *P, CExpr *e)
{
  if (!e)
    return P->empty;
  gpointer m = g_hash_table_lookup (P->addr_of, e);
  if (m)
    return GPOINTER_TO_UINT (m) - 1;
  guint n;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (e->decl && (e->decl->kind == C_DECL_VAR || e->decl->kind == C_DECL_PARAM))
        n = pts_node_of_loc (P, pts_obj_var (P, e->decl, P->fn), "");
      else if (e->decl && e->decl->kind == C_DECL_FUNC)
        n = pts_node_of_loc (P, pts_obj_func (P, e->decl), "");
      else
        n = P->unknown;
      break;
    case C_EXPR_MEMBER:
      n = pts_node_new (P);
      pts_cons_add (P, K_FIELD, n, e->arrow ? val (P, e->a) : addr (P, e->a), NULL, e->text);
      break;
    case C_EXPR_INDEX:
      {
        CExpr *arr = e->a, *idx = e->b;
        if (!rf_c_type_is_pointerish (P->ty, type_of (P, arr)) && rf_c_type_is_pointerish (P->ty, type_of (P, idx)))
          arr = e->b, idx = e->a;
        val (P, idx);
        n = val (P, arr);
      }
      break;
    case C_EXPR_UNARY:
      if (e->op == C_OP_DEREF)
        n = val (P, e->a);
      else if (e->op == C_OP_EXTENSION || e->op == C_OP_REAL || e->op == C_OP_IMAG)
        n = addr (P, e->a);
      else
        {
          val (P, e);
          n = P->unknown;
        }
      break;
    case C_EXPR_GENERIC:
      n = pts_node_new (P);
      for (guint i = 0; e->args && i < e->args->len; i++)
        pts_cons_add (P, K_COPY, n, addr (P, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr), NULL, NULL);
      break;
    case C_EXPR_CAST:
      n = addr (P, e->a);
      break;
    case C_EXPR_COMPOUND_LIT:
      n = pts_node_of_loc (P, compound_literal (P, e), "");
      break;
    case C_EXPR_CALL:
      memo (P, P->val_of, e, lower_call (P, e, &n));
      break;
    case C_EXPR_ASSIGN:
      val (P, e);
      n = addr (P, e->a);
      break;
    case C_EXPR_COND:
      n = pts_node_new (P);
      val (P, e->a);
      pts_cons_add (P, K_COPY, n, e->b ? addr (P, e->b) : addr (P, e->a), NULL, NULL);
      pts_cons_add (P, K_COPY, n, addr (P, e->c), NULL, NULL);
      break;
    case C_EXPR_COMMA:
      val (P, e->a);
      n = addr (P, e->b);
      break;
    case C_EXPR_STMT_EXPR:
      n = stmt_expr_result (P, e, FALSE);
      break;
    default:
      val (P, e);
      n = P->unknown;
      break;
    }
  return memo (P, P->addr_of, e, n);
}

/* As val(), for E used only as a truth value or compared (an operand of ==, <, !,
 * &&...): a pointer turned into an integer there, `(unsigned) p == 0`, gives only the
 * comparison's outcome away, so it does not expose what P points to (a pointer cast to
 * an integer anywhere else does: the integer may be turned back, by code racefree does
 * not see too). */
static guint
val_compared (RfCPoints *P, CExpr *e)
{
  if (e && e->kind == C_EXPR_CAST && e->a && !g_hash_table_contains (P->val_of, e)
      && !pointer_valued (P, e->type) && pointer_valued (P, type_of (P, e->a)))
    {
      val_compared (P, e->a);
      return memo (P, P->val_of, e, P->empty);
    }
  return val (P, e);
}

/* The locations the value of E may point to; walks E. */
static guint
val (RfCPoints *P, CExpr *e)
{
  if (!e)
    return P->empty;
  gpointer m = g_hash_table_lookup (P->val_of, e);
  if (m)
    return GPOINTER_TO_UINT (m) - 1;
  guint n = P->empty;
  CType *t = type_of (P, e);
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (!e->decl)
        n = P->unknown;
      else if (e->decl->kind == C_DECL_FUNC)
        n = pts_node_of_loc (P, pts_obj_func (P, e->decl), "");
      else if (e->decl->kind == C_DECL_VAR || e->decl->kind == C_DECL_PARAM)
        {
          guint o = pts_obj_var (P, e->decl, P->fn);
          n = pts_node_new (P);
          if (is_kind (P, pts_obj_at (P, o)->o->type, C_TYPE_ARRAY))
            {
              /* an array decays to a pointer to its elements */
              pts_set_add (P, n, pts_loc_id (P, o, "[]"));
              pts_obj_at (P, o)->addr_taken = TRUE;
            }
          else
            pts_cons_add (P, K_LOAD, n, pts_node_of_loc (P, o, ""), pts_obj_at (P, o)->o->type, NULL);
        }
      break;
    case C_EXPR_STRING:
      /* a string literal (an array of char decaying to a pointer to its characters) */
      n = pts_node_of_loc (P, pts_obj_strings (P), "");
      break;
    case C_EXPR_INT: case C_EXPR_FLOAT: case C_EXPR_CHAR:
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF: case C_EXPR_OFFSETOF: case C_EXPR_TYPES_COMPAT:
    case C_EXPR_LABEL_ADDR:
      break;
    case C_EXPR_UNARY:
      switch (e->op)
        {
        case C_OP_ADDR:
          {
            CExpr *a = c_peel (e->a);
            n = addr (P, e->a);
            if (!(a && a->kind == C_EXPR_IDENT && a->decl && a->decl->kind == C_DECL_FUNC))
              pts_cons_add (P, K_TAKE, 0, n, NULL, NULL);
          }
          break;
        case C_OP_DEREF:
          if (is_kind (P, t, C_TYPE_FUNCTION))
            n = val (P, e->a);
          else if (is_kind (P, t, C_TYPE_ARRAY))
            {
              n = pts_node_new (P);
              pts_cons_add (P, K_DECAY, n, val (P, e->a), NULL, NULL);
              pts_cons_add (P, K_TAKE, 0, n, NULL, NULL);
            }
          else
            {
              guint p = val (P, e->a);
              if (pointer_valued (P, t))
                {
                  n = pts_node_new (P);
                  pts_cons_add (P, K_LOAD, n, p, t, NULL);
                }
            }
          break;
        case C_OP_PREINC: case C_OP_PREDEC: case C_OP_POSTINC: case C_OP_POSTDEC:
        case C_OP_EXTENSION:
          n = val (P, e->a);
          break;
        case C_OP_NOT:
          val_compared (P, e->a);
          break;
        default:
          val (P, e->a);
          break;
        }
      break;
    case C_EXPR_BINARY:
      {
        gboolean cmp = e->op == C_OP_AND || e->op == C_OP_OR || (e->op >= C_OP_LT && e->op <= C_OP_NE);
        guint a = cmp ? val_compared (P, e->a) : val (P, e->a), b = cmp ? val_compared (P, e->b) : val (P, e->b);
        if (e->op == C_OP_ADD || e->op == C_OP_SUB)
          {
            CType *ta = type_of (P, e->a), *tb = type_of (P, e->b);
            gboolean pa = rf_c_type_is_pointerish (P->ty, ta), pb = rf_c_type_is_pointerish (P->ty, tb);
            if (pa && !(e->op == C_OP_SUB && pb))
              n = a;
            else if (pb && e->op == C_OP_ADD)
              n = b;
            else if (!ta || !tb)
              n = P->unknown;
          }
      }
      break;
    case C_EXPR_ASSIGN:
      {
        CType *w = type_of (P, e->a);
        if (is_aggregate (P, w))
          pts_cons_add (P, K_COPYOBJ, addr (P, e->a), addr (P, e->b), w, NULL);
        else if (pointer_valued (P, w))
          {
            guint v = val (P, e->b);
            if (e->op == C_OP_ASSIGN)
              {
                pts_cons_add (P, K_STORE, v, addr (P, e->a), w, NULL);
                n = v;
              }
            else
              n = val (P, e->a);
          }
        else
          {
            val (P, e->b);
            guint d = addr (P, e->a);
            pts_cons_add (P, K_SCALAR, d, d, w, NULL);
          }
      }
      break;
    case C_EXPR_COND:
      {
        guint c = val (P, e->a);
        n = pts_node_new (P);
        pts_cons_add (P, K_COPY, n, e->b ? val (P, e->b) : c, NULL, NULL);
        pts_cons_add (P, K_COPY, n, val (P, e->c), NULL, NULL);
      }
      break;
    case C_EXPR_COMMA:
      val (P, e->a);
      n = val (P, e->b);
      break;
    case C_EXPR_CALL:
      {
        guint ra;
        n = lower_call (P, e, &ra);
        g_hash_table_insert (P->addr_of, e, GUINT_TO_POINTER (ra + 1));
      }
      break;
    case C_EXPR_MEMBER: case C_EXPR_INDEX:
      {
        guint a = addr (P, e);
        if (is_kind (P, t, C_TYPE_ARRAY))
          {
            n = pts_node_new (P);
            pts_cons_add (P, K_DECAY, n, a, NULL, NULL);
            pts_cons_add (P, K_TAKE, 0, n, NULL, NULL);
          }
        else if (pointer_valued (P, t))
          {
            n = pts_node_new (P);
            pts_cons_add (P, K_LOAD, n, a, t, NULL);
          }
      }
      break;
    case C_EXPR_CAST:
      {
        CType *from = type_of (P, e->a);
        guint a = is_aggregate (P, from) ? addr (P, e->a) : val (P, e->a);
        if (pointer_valued (P, e->type) && !is_kind (P, e->type, C_TYPE_VOID))
          {
            if (!from)
              n = P->unknown;
            else if (pointer_valued (P, from))
              n = a;
            else if (!c_is_null_constant (e->a))
              n = P->unknown;  /* an integer turned into a pointer */
          }
        else if (pointer_valued (P, from) && !is_kind (P, e->type, C_TYPE_VOID))
          pts_cons_add (P, K_EXPOSE, 0, a, NULL, NULL);  /* a pointer turned into an integer */
      }
      break;
    case C_EXPR_COMPOUND_LIT:
      {
        guint o = compound_literal (P, e);
        n = pts_node_new (P);
        if (is_kind (P, e->type, C_TYPE_ARRAY))
          pts_set_add (P, n, pts_loc_id (P, o, "[]"));
        else if (pointer_valued (P, e->type))
          pts_cons_add (P, K_LOAD, n, pts_node_of_loc (P, o, ""), e->type, NULL);
      }
      break;
    case C_EXPR_STMT_EXPR:
      n = stmt_expr_result (P, e, TRUE);
      break;
    case C_EXPR_VA_ARG:
      val (P, e->a);
      n = P->unknown;
      break;
    case C_EXPR_GENERIC:
      n = pts_node_new (P);
      for (guint i = 0; e->args && i < e->args->len; i++)
        pts_cons_add (P, K_COPY, n, val (P, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr), NULL, NULL);
      break;
    default:
      n = P->unknown;
      break;
    }
  return memo (P, P->val_of, e, n);
}

/* Value E stored into object OBJ at PATH, of type TYPE (NULL: some member of the
 * aggregate at PATH, its braces elided). */
static void
init_value (RfCPoints *P, guint obj, const char *path, CType *type, CExpr *e)
{
  CType *te = type_of (P, e);
  if (is_kind (P, type, C_TYPE_ARRAY) && e->kind == C_EXPR_STRING)
    return;
  if (is_aggregate (P, te))
    {
      pts_cons_add (P, K_COPYOBJ, pts_node_of_loc (P, obj, path), addr (P, e), is_aggregate (P, type) ? type : NULL, NULL);
      return;
    }
  guint v = val (P, e);
  if (pointer_valued (P, te))
    {
      /* into the cell at PATH (seen by the cells below it) */
      pts_cons_add (P, K_COPY, pts_cell_id (P, obj, path), v, NULL, NULL);
      return;
    }
  /* other data: where it shares a union with pointers, they are lost */
  CType *ct = NULL;
  g_free (pts_normal_path (P, pts_obj_at (P, obj), path, TRUE, &ct));
  if (!c_is_null_constant (e) && (!ct || is_kind (P, ct, C_TYPE_UNION)) && rf_c_type_holds_pointers (P->ty, ct))
    pts_obj_at (P, obj)->smashed = TRUE;
}

/* The expressions of initializer IN, evaluated for their effects only. */
static void
init_visit (RfCPoints *P, CInit *in)
{
  if (!in)
    return;
  if (in->expr)
    val (P, in->expr);
  for (guint i = 0; in->items && i < in->items->len; i++)
    init_visit (P, ((CInitItem *) g_ptr_array_index (in->items, i))->init);
}

/* T is (a typedef of) a pthread or semaphore type: the pointers inside belong to the
 * library, which the program never loads. */
static gboolean
is_sync_type (CType *t)
{
  for (int i = 0; t && i < 64 && t->kind == C_TYPE_TYPEDEF && t->tdef; i++)
    {
      const char *n = t->tdef->name;
      if (n && (g_str_has_prefix (n, "pthread_") || strcmp (n, "sem_t") == 0))
        return TRUE;
      t = t->tdef->type;
    }
  return FALSE;
}

/* Initializer IN of object OBJ's part at PATH, of type TYPE (designated and nested
 * lists followed; anything else goes to PATH as a whole). */
static void
init_object (RfCPoints *P, guint obj, const char *path, CType *type, CInit *in)
{
  if (!in)
    return;
  if (is_sync_type (type) && !in->expr)
    {
      /* PTHREAD_MUTEX_INITIALIZER and the like: integers over the library's own
       * pointers (a mutex's list links), which the program never loads */
      init_visit (P, in);
      return;
    }
  if (in->expr)
    {
      init_value (P, obj, path, type, in->expr);
      return;
    }
  CType *t = strip (P, type);
  guint next = 0;  /* the next member of a struct */
  for (guint i = 0; in->items && i < in->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (in->items, i);
      g_autofree char *p = g_strdup (path);
      CType *st = t, *mt = NULL;
      gboolean ok = TRUE;
      if (it->designators && it->designators->len)
        for (guint j = 0; j < it->designators->len && ok; j++)
          {
            CDesignator *d = g_ptr_array_index (it->designators, j);
            CType *s = strip (P, st);
            val (P, d->index);
            val (P, d->index_hi);
            if (d->kind != C_DESIG_FIELD && s && s->kind == C_TYPE_ARRAY)
              {
                char *np = g_strconcat (p, "[]", NULL);
                g_free (p);
                p = np;
                mt = s->base;
              }
            else if (d->kind == C_DESIG_FIELD && s && (s->kind == C_TYPE_STRUCT || s->kind == C_TYPE_UNION)
                     && (mt = rf_c_type_member (P->ty, s, d->field)))
              {
                char *np = g_strconcat (p, ".", d->field, NULL);
                g_free (p);
                p = np;
                if (j == 0 && s->kind == C_TYPE_STRUCT && s->tag && s->tag->members)
                  for (guint k = 0; k < s->tag->members->len; k++)
                    if (((CDecl *) g_ptr_array_index (s->tag->members, k))->name
                        && strcmp (((CDecl *) g_ptr_array_index (s->tag->members, k))->name, d->field) == 0)
                      next = k + 1;
              }
            else
              ok = FALSE;
            st = mt;
          }
      else if (t && t->kind == C_TYPE_ARRAY)
        {
          char *np = g_strconcat (p, "[]", NULL);
          g_free (p);
          p = np;
          mt = t->base;
        }
      else if (t && (t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION) && t->tag && t->tag->members
               && next < t->tag->members->len)
        {
          /* unnamed bit-fields take no initializer */
          while (next < t->tag->members->len && !((CDecl *) g_ptr_array_index (t->tag->members, next))->name
                 && ((CDecl *) g_ptr_array_index (t->tag->members, next))->bit_width)
            next++;
          CDecl *m = next < t->tag->members->len ? g_ptr_array_index (t->tag->members, next++) : NULL;
          if (m && m->name)
            {
              char *np = g_strconcat (p, ".", m->name, NULL);
              g_free (p);
              p = np;
              mt = m->type;
            }
          else
            ok = FALSE;
        }
      else if (t && t->kind != C_TYPE_STRUCT && t->kind != C_TYPE_UNION && t->kind != C_TYPE_ARRAY)
        mt = t;  /* braces around a scalar */
      else
        ok = FALSE;
      /* braces elided: an expression for an aggregate member starts inside it; the
       * rest of the list is then taken whole */
      if (ok && it->init && it->init->expr && (is_aggregate (P, mt) || is_kind (P, mt, C_TYPE_ARRAY))
          && !is_aggregate (P, type_of (P, it->init->expr))
          && !(is_kind (P, mt, C_TYPE_ARRAY) && it->init->expr->kind == C_EXPR_STRING))
        ok = FALSE;
      if (!ok)
        {
          for (guint j = i; j < in->items->len; j++)
            init_object (P, obj, path, NULL, ((CInitItem *) g_ptr_array_index (in->items, j))->init);
          return;
        }
      init_object (P, obj, p, mt, it->init);
    }
}

void
pts_decl (RfCPoints *P, CDecl *d)
{
  if (d->kind == C_DECL_VAR && !d->init && g_hash_table_contains (P->indeterminate, d))
    {
      /* its indeterminate value: a pointer that may point anywhere */
      pts_set_unknown (P, pts_cell_id (P, pts_obj_var (P, d, P->fn), ""));
      return;
    }
  if (d->kind != C_DECL_VAR || !d->init)
    return;
  guint o = pts_obj_var (P, d, d->file_scope ? NULL : P->fn);
  init_object (P, o, "", pts_obj_at (P, o)->o->type, d->init);
}

/* The constraints of statement S's own parts (its sub-statements are visited after). */
static CVisitResult
stmt_parts (CStmt *s, gpointer data)
{
  RfCPoints *P = data;
  switch (s->kind)
    {
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        pts_decl (P, g_ptr_array_index (s->items, i));
      return C_VISIT_SKIP;
    case C_STMT_RETURN:
      if (s->expr && P->fn)
        {
          CType *ft = strip (P, P->fn->type);
          CType *rt = ft && ft->kind == C_TYPE_FUNCTION ? ft->base : NULL;
          if (is_aggregate (P, rt))
            pts_cons_add (P, K_COPYOBJ, pts_node_of_loc (P, pts_obj_result (P, P->fn), ""), addr (P, s->expr), rt, NULL);
          else
            pts_cons_add (P, K_COPY, ret_node (P, P->fn), val (P, s->expr), NULL, NULL);
        }
      return C_VISIT_SKIP;
    case C_STMT_LOCAL_LABEL:
      return C_VISIT_SKIP;
    default:
      val (P, s->expr);
      val (P, s->expr2);
      if (s->kind == C_STMT_ASM && s->asm_)
        {
          /* operands of an asm statement: anything may happen to them */
          GPtrArray *ops[2] = { s->asm_->outputs, s->asm_->inputs };
          for (guint k = 0; k < 2; k++)
            for (guint i = 0; ops[k] && i < ops[k]->len; i++)
              pts_cons_add (P, K_TAINT, 0, val (P, ((CAsmOperand *) g_ptr_array_index (ops[k], i))->expr), NULL, NULL);
        }
      return C_VISIT_CONTINUE;
    }
}

void
pts_stmt (RfCPoints *P, CStmt *s)
{
  CVisitor v = { .stmt = stmt_parts, .no_exprs = TRUE, .data = P };
  c_visit_stmt (&v, s);
}
