/* rf-spec: mist `.spec` files to a Petri net and target markings.
 *
 * The parser (grammar/spec.y) calls the builders below as it reduces; they resolve
 * names, reject what a Petri net cannot express exactly, and add places (at `vars`),
 * transitions (at each rule's ';'), the initial marking and the target cubes to the
 * net under construction. Invariant lines become claims that the net checks. */
#include "rf-spec.h"
#include "spec-ast.h"
#include "spec-parser.h"

#define YYSTYPE SPEC_STYPE
#define YYLTYPE SPEC_LTYPE
#include "spec-lexer.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* ---- diagnostics ---- */

static void
report (SpecParser *ctx, guint *counter, RfLoc loc, const char *fmt, va_list ap)
{
  rf_diags_addv (ctx->diags, RF_DIAG_ERROR, loc, fmt, ap);
  (*counter)++;
}

void
spec_report_syntax (SpecParser *ctx, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  report (ctx, &ctx->n_syntax, loc, fmt, ap);
  va_end (ap);
}

static void G_GNUC_PRINTF (3, 4)
report_semantic (SpecParser *ctx, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  report (ctx, &ctx->n_semantic, loc, fmt, ap);
  va_end (ap);
}

static void G_GNUC_PRINTF (3, 4)
report_unsupported (SpecParser *ctx, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  report (ctx, &ctx->n_unsupported, loc, fmt, ap);
  va_end (ap);
}

/* ---- scanner hooks ---- */

void
spec_lex_advance (SpecParser *ctx, const char *text, gsize len)
{
  rf_loc_advance (&ctx->line, &ctx->col, text, len);
}

void
spec_lex_stray (SpecParser *ctx, RfLoc loc, const char *text, gsize len)
{
  g_autofree char *q = rf_diag_quote_char (text, len);
  spec_report_syntax (ctx, loc, "stray %s in input", q);
}

/* ---- helpers ---- */

/* The var id of NAME, or -1 after reporting it unknown. */
static gint
lookup_var (SpecParser *ctx, const char *name, RfLoc loc)
{
  gint v = rf_net_lookup_place (ctx->net, name);
  if (v < 0)
    report_semantic (ctx, loc, "unknown variable '%s'", name);
  return v;
}

/* TRUE when N fits a token count; reports it otherwise. */
static gboolean
check_count (SpecParser *ctx, guint64 n, RfLoc loc)
{
  if (n <= G_MAXUINT32)
    return TRUE;
  if (n == G_MAXUINT64)   /* the scanner's value for a number past 64 bits */
    report_semantic (ctx, loc, "number too large (at most %u)", G_MAXUINT32);
  else
    report_semantic (ctx, loc, "number %" G_GUINT64_FORMAT " is too large (at most %u)", n, G_MAXUINT32);
  return FALSE;
}

/* An atom as written, e.g. "x >= 2", "x = 0", "x in [1, 3]". Owned. */
static char *
atom_text (const SpecAtom *a)
{
  switch (a->op)
    {
    case SPEC_GE: return g_strdup_printf ("%s >= %" G_GUINT64_FORMAT, a->name, a->lo);
    case SPEC_EQ: return g_strdup_printf ("%s = %" G_GUINT64_FORMAT, a->name, a->lo);
    case SPEC_IN:
      return g_strdup_printf ("%s in [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "]", a->name, a->lo, a->hi);
    }
  g_assert_not_reached ();
}

/* An update as written, e.g. "x' = x + y". Owned. */
static char *
update_text (const char *name, GArray *expr)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%s' = ", name);
  for (guint i = 0; i < expr->len; i++)
    {
      const SpecTerm *t = &g_array_index (expr, SpecTerm, i);
      if (i > 0)
        g_string_append (s, t->neg ? " - " : " + ");
      if (t->name)
        g_string_append (s, t->name);
      else
        g_string_append_printf (s, "%" G_GUINT64_FORMAT, t->value);
    }
  return g_string_free (s, FALSE);
}

static void
term_clear (gpointer p)
{
  SpecTerm *t = p;
  g_free (t->name);
}

/* Grows the per-var scratch arrays to the number of vars. */
static void
scratch_fit (SpecParser *ctx)
{
  guint n = rf_net_n_places (ctx->net);
  if (ctx->in_rule->len < n)
    {
      g_array_set_size (ctx->in_rule, n);
      g_array_set_size (ctx->need, n);
      g_array_set_size (ctx->delta, n);
      g_array_set_size (ctx->updated, n);
      g_array_set_size (ctx->init_loc, n);
    }
}

/* The scratch slot of var V in the current rule, creating it. */
static void
rule_touch (SpecParser *ctx, guint v)
{
  scratch_fit (ctx);
  gboolean *in = &g_array_index (ctx->in_rule, gboolean, v);
  if (*in)
    return;
  *in = TRUE;
  g_array_index (ctx->need, guint64, v) = 0;
  g_array_index (ctx->delta, gint64, v) = 0;
  g_array_index (ctx->updated, RfLoc, v) = RF_LOC_NONE;
  g_array_append_val (ctx->rule_vars, v);
}

static void
rule_reset (SpecParser *ctx)
{
  for (guint i = 0; i < ctx->rule_vars->len; i++)
    g_array_index (ctx->in_rule, gboolean, g_array_index (ctx->rule_vars, guint, i)) = FALSE;
  g_array_set_size (ctx->rule_vars, 0);
  ctx->rule_bad = FALSE;
}

/* ---- vars ---- */

void
spec_declare (SpecParser *ctx, char *name, RfLoc loc)
{
  gint old = rf_net_lookup_place (ctx->net, name);
  if (old >= 0)
    {
      RfLoc first = g_array_index (ctx->decl_loc, RfLoc, old);
      report_semantic (ctx, loc, "variable '%s' is declared twice (first at line %u)", name, first.line);
    }
  else
    {
      rf_net_add_place (ctx->net, name, RF_PLACE_PLAIN, -1, -1, loc);
      g_array_append_val (ctx->decl_loc, loc);
    }
  g_free (name);
}

/* ---- rules ---- */

/* guard `x >= k`: the transition needs k tokens on x. Guards `x = k` and
 * `x in [a, b]` bound x from above, which no Petri-net transition can test. */
void
spec_guard (SpecParser *ctx, SpecAtom *atom)
{
  gint v = lookup_var (ctx, atom->name, atom->loc);
  if (v < 0)
    ctx->rule_bad = TRUE;
  else if (atom->op != SPEC_GE)
    {
      g_autofree char *text = atom_text (atom);
      if (atom->op == SPEC_EQ && atom->lo == 0)
        report_unsupported (ctx, atom->loc, "unsupported guard '%s': a Petri net cannot test a place for zero", text);
      else
        report_unsupported (ctx, atom->loc, "unsupported guard '%s': a Petri net cannot test an upper bound", text);
      ctx->rule_bad = TRUE;
    }
  else if (!check_count (ctx, atom->lo, atom->loc))
    ctx->rule_bad = TRUE;
  else
    {
      rule_touch (ctx, v);
      guint64 *need = &g_array_index (ctx->need, guint64, v);
      *need = MAX (*need, atom->lo);  /* x >= a, x >= b: x >= max(a, b) */
    }
  g_free (atom->name);
}

/* update `x' = x + k` or `x' = x - k` (any sum of x once and numbers). Everything
 * else -- resets x' = 0, constants x' = k, transfers x' = x + y -- is unsupported. */
void
spec_update (SpecParser *ctx, char *name, RfLoc loc, GArray *expr)
{
  gint v = lookup_var (ctx, name, loc);
  gint self = 0;          /* coefficient of x */
  gint64 change = 0;      /* sum of the numbers */
  const SpecTerm *other = NULL;
  gboolean ok = v >= 0;
  for (guint i = 0; i < expr->len; i++)
    {
      const SpecTerm *t = &g_array_index (expr, SpecTerm, i);
      if (!t->name)
        {
          if (!check_count (ctx, t->value, t->loc))
            ok = FALSE;
          else
            change += t->neg ? -(gint64) t->value : (gint64) t->value;
        }
      else if (strcmp (t->name, name) == 0)
        self += t->neg ? -1 : 1;
      else if (lookup_var (ctx, t->name, t->loc) < 0)
        ok = FALSE;
      else if (!other)
        other = t;
    }
  if (ok)
    {
      g_autofree char *text = update_text (name, expr);
      if (other)
        {
          report_unsupported (ctx, loc, "unsupported transfer '%s': a Petri net cannot move or copy "
                              "the tokens of '%s'", text, other->name);
          ok = FALSE;
        }
      else if (self == 0 && change == 0)
        {
          report_unsupported (ctx, loc, "unsupported reset '%s': a Petri net cannot empty a place", text);
          ok = FALSE;
        }
      else if (self == 0)
        {
          report_unsupported (ctx, loc, "unsupported assignment '%s': a Petri net cannot set a place "
                              "to a constant", text);
          ok = FALSE;
        }
      else if (self != 1)
        {
          report_unsupported (ctx, loc, "unsupported update '%s': a Petri net can only add to or "
                              "take from a place (x' = x + k, x' = x - k)", text);
          ok = FALSE;
        }
      else if (change < -(gint64) G_MAXUINT32 || change > (gint64) G_MAXUINT32)
        {
          report_semantic (ctx, loc, "update '%s' changes '%s' by more than %u tokens", text, name, G_MAXUINT32);
          ok = FALSE;
        }
    }
  if (ok)
    {
      rule_touch (ctx, v);
      RfLoc *prev = &g_array_index (ctx->updated, RfLoc, v);
      if (prev->line > 0)
        {
          report_semantic (ctx, loc, "'%s' is updated twice in this rule (first at %u:%u)",
                           name, prev->line, prev->col);
          ok = FALSE;
        }
      else
        {
          *prev = loc;
          g_array_index (ctx->delta, gint64, v) = change;
        }
    }
  if (!ok)
    ctx->rule_bad = TRUE;
  g_free (name);
  g_array_unref (expr);
}

/* rule `guards -> updates;`: for each var x with guard x >= k and change d,
 *   pre(x) = max(k, -d),  post(x) = pre(x) + d
 * (a counter cannot go below zero, so the rule also needs what it takes). */
void
spec_rule_end (SpecParser *ctx, RfLoc loc)
{
  if (ctx->rule_bad)
    {
      rule_reset (ctx);
      return;
    }
  guint n = ctx->rule_vars->len;
  g_autofree RfToken *pre = g_new (RfToken, n + 1);
  g_autofree RfToken *post = g_new (RfToken, n + 1);
  guint n_pre = 0, n_post = 0;
  for (guint i = 0; i < n; i++)
    {
      guint v = g_array_index (ctx->rule_vars, guint, i);
      guint64 need = g_array_index (ctx->need, guint64, v);
      gint64 d = g_array_index (ctx->delta, gint64, v);
      guint64 in = MAX (need, d < 0 ? (guint64) -d : 0);
      guint64 out = (guint64) ((gint64) in + d);
      if (out > G_MAXUINT32)
        {
          report_semantic (ctx, g_array_index (ctx->updated, RfLoc, v),
                           "this rule puts more than %u tokens on '%s'", G_MAXUINT32,
                           rf_net_get_place (ctx->net, v)->name);
          rule_reset (ctx);
          return;
        }
      if (in > 0)
        pre[n_pre++] = (RfToken) { v, (guint32) in };
      if (out > 0)
        post[n_post++] = (RfToken) { v, (guint32) out };
    }
  g_autofree char *label = g_strdup_printf ("t%u", rf_net_n_transitions (ctx->net));
  rf_net_add_transition (ctx->net, label, -1, loc, pre, n_pre, post, n_post, -1, -1, -1);
  rule_reset (ctx);
}

void
spec_rule_abandon (SpecParser *ctx)
{
  rule_reset (ctx);
}

GArray *
spec_expr_new (char *name, guint64 value, RfLoc loc)
{
  GArray *expr = g_array_new (FALSE, FALSE, sizeof (SpecTerm));
  g_array_set_clear_func (expr, term_clear);
  return spec_expr_append (expr, FALSE, name, value, loc);
}

GArray *
spec_expr_append (GArray *expr, gboolean neg, char *name, guint64 value, RfLoc loc)
{
  SpecTerm t = { name, neg, value, loc };
  return g_array_append_val (expr, t);
}

/* ---- init ---- */

/* init `x = k`: k tokens; `x >= k`: omega with lower bound k (witnesses start with at
 * least k tokens there; more tokens only help, so the set
 * {x >= k} covers exactly what "any number" covers); `x in [a, b]`: b tokens,
 * the largest member, for the same reason. Vars not mentioned start empty. */
void
spec_init (SpecParser *ctx, SpecAtom *atom)
{
  gint v = lookup_var (ctx, atom->name, atom->loc);
  if (v >= 0)
    {
      scratch_fit (ctx);
      RfLoc *prev = &g_array_index (ctx->init_loc, RfLoc, v);
      guint64 top = atom->op == SPEC_IN ? atom->hi : atom->lo;
      if (prev->line > 0)
        report_semantic (ctx, atom->loc, "initial value of '%s' given twice (first at %u:%u)",
                         atom->name, prev->line, prev->col);
      else if (atom->op == SPEC_IN && atom->lo > atom->hi)
        {
          g_autofree char *text = atom_text (atom);
          report_semantic (ctx, atom->loc, "empty range in '%s'", text);
        }
      else if (check_count (ctx, top, atom->loc))
        {
          *prev = atom->loc;
          if (atom->op == SPEC_GE)
            {
              rf_net_set_initial (ctx->net, v, (guint32) top);  /* the omega place's lower bound */
              rf_net_set_initial_omega (ctx->net, v);
            }
          else
            rf_net_set_initial (ctx->net, v, (guint32) top);
        }
    }
  g_free (atom->name);
}

/* ---- target ---- */

/* target cube `x >= k, y >= j`: the marking {x*k, y*j}; the bad set is the union of
 * the cubes' upward closures, so `=` and `in` (not upward-closed) are rejected. */
void
spec_target_atom (SpecParser *ctx, SpecAtom *atom)
{
  gint v = lookup_var (ctx, atom->name, atom->loc);
  if (v < 0)
    ctx->cube_bad = TRUE;
  else if (atom->op != SPEC_GE)
    {
      g_autofree char *text = atom_text (atom);
      report_unsupported (ctx, atom->loc, "unsupported target '%s': a target must be upward-closed "
                          "(only 'x >= k' constraints)", text);
      ctx->cube_bad = TRUE;
    }
  else if (!check_count (ctx, atom->lo, atom->loc))
    ctx->cube_bad = TRUE;
  else
    {
      /* x >= a, x >= b: x >= max(a, b) */
      guint i;
      for (i = 0; i < ctx->cube->len; i++)
        {
          RfToken *t = &g_array_index (ctx->cube, RfToken, i);
          if (t->place == (guint32) v)
            {
              t->count = MAX (t->count, (guint32) atom->lo);
              break;
            }
        }
      if (i == ctx->cube->len)
        {
          RfToken t = { (guint32) v, (guint32) atom->lo };
          g_array_append_val (ctx->cube, t);
        }
    }
  g_free (atom->name);
}

void
spec_target_end (SpecParser *ctx, RfLoc loc)
{
  if (!ctx->cube_bad)
    g_ptr_array_add (ctx->targets, rf_marking_new ((RfToken *) ctx->cube->data, ctx->cube->len));
  g_array_set_size (ctx->cube, 0);
  ctx->cube_bad = FALSE;
}

/* ---- invariants ---- */

/* invariant `x = a, y = b`: a claim that a*M(x) + b*M(y) stays constant. */
void
spec_invariant_atom (SpecParser *ctx, SpecAtom *atom)
{
  gint v = lookup_var (ctx, atom->name, atom->loc);
  if (v < 0)
    ctx->inv_bad = TRUE;
  else if (atom->op != SPEC_EQ)
    {
      g_autofree char *text = atom_text (atom);
      report_semantic (ctx, atom->loc, "invariant weights are written 'x = w', not '%s'", text);
      ctx->inv_bad = TRUE;
    }
  else if (!check_count (ctx, atom->lo, atom->loc))
    ctx->inv_bad = TRUE;
  else
    {
      RfToken t = { (guint32) v, (guint32) atom->lo };
      g_array_append_val (ctx->inv, t);
    }
  g_free (atom->name);
}

/* The invariants section comes last, so the line is a claim about the finished net;
 * rf_net_check_invariants keeps it only if every transition preserves it and no
 * omega place has weight (mist files state some that do not hold, e.g. basicME's). */
void
spec_invariant_end (SpecParser *ctx, RfLoc loc)
{
  if (!ctx->inv_bad && ctx->inv->len > 0)
    {
      g_autoptr (RfMarking) weights = rf_marking_new ((RfToken *) ctx->inv->data, ctx->inv->len);
      if (weights->n > 0)
        rf_net_add_invariant (ctx->net, weights->e, weights->n);
    }
  g_array_set_size (ctx->inv, 0);
  ctx->inv_bad = FALSE;
}

/* ---- entry points ---- */

static gboolean
parse_text (const char *file, const char *text, gsize len, RfDiags *diags,
            RfNet **net_out, GPtrArray **targets_out, GError **error)
{
  file = g_intern_string (file ? file : "<input>");
  gsize bom = rf_input_bom_length (text, len);
  text += bom;
  len -= bom;
  rf_diags_set_source (diags, file, text);
  guint errors_before = rf_diags_n_errors (diags);

  SpecParser ctx = {
    .file = file,
    .diags = diags,
    .line = 1,
    .col = 1,
    .last_end = { file, 1, 1 },
    .net = rf_net_new (),
    .targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref),
    .decl_loc = g_array_new (FALSE, TRUE, sizeof (RfLoc)),
    .init_loc = g_array_new (FALSE, TRUE, sizeof (RfLoc)),
    .rule_vars = g_array_new (FALSE, FALSE, sizeof (guint)),
    .in_rule = g_array_new (FALSE, TRUE, sizeof (gboolean)),
    .need = g_array_new (FALSE, TRUE, sizeof (guint64)),
    .delta = g_array_new (FALSE, TRUE, sizeof (gint64)),
    .updated = g_array_new (FALSE, TRUE, sizeof (RfLoc)),
    .cube = g_array_new (FALSE, FALSE, sizeof (RfToken)),
    .inv = g_array_new (FALSE, FALSE, sizeof (RfToken)),
  };

  yyscan_t scanner;
  if (spec_lex_init_extra (&ctx, &scanner) != 0)
    g_error ("rf-spec: cannot initialise the scanner");
  YY_BUFFER_STATE buf = spec__scan_bytes (text, (int) len, scanner);
  int status = spec_parse (scanner, &ctx);
  spec__delete_buffer (buf, scanner);
  spec_lex_destroy (scanner);
  if (status != 0 && rf_diags_n_errors (diags) == errors_before)
    spec_report_syntax (&ctx, ctx.last_end, "syntax error");

  guint n = rf_diags_n_errors (diags) - errors_before;
  gboolean ok = n == 0;
  if (ok)
    {
      *net_out = g_steal_pointer (&ctx.net);
      *targets_out = g_steal_pointer (&ctx.targets);
    }
  else
    {
      *net_out = NULL;
      *targets_out = NULL;
      RfInputError code = ctx.n_syntax > 0 ? RF_INPUT_ERROR_SYNTAX
                        : ctx.n_unsupported > 0 ? RF_INPUT_ERROR_UNSUPPORTED
                        : RF_INPUT_ERROR_SEMANTIC;
      g_set_error (error, RF_INPUT_ERROR, code, "%u error%s", n, n == 1 ? "" : "s");
    }

  rf_net_free (ctx.net);
  if (ctx.targets)
    g_ptr_array_unref (ctx.targets);
  g_array_unref (ctx.decl_loc);
  g_array_unref (ctx.init_loc);
  g_array_unref (ctx.rule_vars);
  g_array_unref (ctx.in_rule);
  g_array_unref (ctx.need);
  g_array_unref (ctx.delta);
  g_array_unref (ctx.updated);
  g_array_unref (ctx.cube);
  g_array_unref (ctx.inv);
  return ok;
}

gboolean
rf_spec_parse (const char *file, const char *text, RfDiags *diags,
               RfNet **net_out, GPtrArray **targets_out, GError **error)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (diags != NULL, FALSE);
  g_return_val_if_fail (net_out != NULL && targets_out != NULL, FALSE);
  return parse_text (file, text, strlen (text), diags, net_out, targets_out, error);
}

gboolean
rf_spec_parse_file (const char *file, RfDiags *diags,
                    RfNet **net_out, GPtrArray **targets_out, GError **error)
{
  g_return_val_if_fail (file != NULL, FALSE);
  g_return_val_if_fail (diags != NULL, FALSE);
  g_return_val_if_fail (net_out != NULL && targets_out != NULL, FALSE);
  *net_out = NULL;
  *targets_out = NULL;
  g_autoptr (GString) text = rf_input_read_file (file, NULL, error);
  if (!text)
    return FALSE;
  return parse_text (file, text->str, text->len, diags, net_out, targets_out, error);
}
