/* rf-steq: state-equation test of coverability with GLPK and exact certificates.
 *
 * The linear program has one row per place that is not omega and one column per
 * transition that may fire and changes some such place; row p reads
 *   sum_t C(p,t)·x_t >= m(p) − M0(p),   x >= 0,
 * with a zero objective, so every basis is dual feasible and GLPK's dual simplex
 * starts from the previous marking's basis with only row bounds changed. When it
 * reports no primal solution, the tableau row of the basic variable that stays below
 * its bound is a Farkas combination of the rows: y >= 0 with y·C <= 0 and
 * y·(m − M0) > 0. It is rounded to integers and verified in integer arithmetic; only
 * a verified y is reported. Resets are left out of C on purpose: a reset only lowers
 * the marking below M0 + C·x, which the program's >= rows and a certificate's y >= 0
 * both allow (rf-steq.h gives the argument). */
#include "rf-steq.h"

#include <glpk.h>
#include <malloc.h>
#include <math.h>

/* Largest certificate weight kept (larger ones are not checked: no pruning). */
#define MAX_WEIGHT (1u << 20)
/* Basic variables tried for a certificate after the one GLPK names. */
#define MAX_TRIES 8

/* RfSteq: the linear program and the incidence matrix by place (CSR) for checking
 * certificates. Rows and columns are GLPK's 1-based numbers. Invariant: a row's lower
 * bound is -M0(p) unless the row is in dirty (the previous marking's support). */
struct _RfSteq {
  glp_prob *lp;
  guint n_places;
  guint n_rows, n_cols;
  gint *row_of;          /* per place: row, or 0 for an omega place */
  guint *place_of_row;   /* per row (index 1..n_rows) */
  gint64 *init;          /* per place: M0(p) (omega places: 0) */
  guint *start;          /* per place: first entry of its row in col/coef; n_places + 1 */
  gint *col;             /* column of each entry */
  gint32 *coef;          /* C(p, column) of each entry, non-zero */
  GArray *dirty;         /* gint rows whose bound is not -M0 */
  gint64 *acc;           /* scratch per column (1-based), zero between calls */
  guint8 *seen;          /* scratch per column: in touched; zero between calls */
  GArray *touched;       /* scratch: columns with acc written */
  int *ind;              /* scratch for glp_eval_tab_row, n_rows + n_cols + 1 */
  double *val;
  double *y;             /* scratch per row (1-based), zero between calls */
  GArray *y_rows;        /* scratch: rows with a non-zero y */
  guint max_pivots;       /* per linear program; 0 = no limit */
  gdouble max_seconds;    /* per linear program; 0 = no limit */
  guint64 solved, pivots, uncertified, unfinished;
  guint64 entries;
};

RfSteq *
rf_steq_new (const RfNet *net, const gboolean *live)
{
  RfSteq *q = g_new0 (RfSteq, 1);
  guint np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  q->n_places = np;
  q->row_of = g_new0 (gint, np);
  q->place_of_row = g_new0 (guint, np + 1);
  q->init = g_new0 (gint64, np);
  for (guint p = 0; p < np; p++)
    if (!omega[p])
      {
        q->row_of[p] = ++q->n_rows;
        q->place_of_row[q->n_rows] = p;
        q->init[p] = init[p];
      }

  /* Columns: the net effect of each live transition on non-omega places. */
  GArray *ia = g_array_new (FALSE, FALSE, sizeof (int));
  GArray *ja = g_array_new (FALSE, FALSE, sizeof (int));
  GArray *ar = g_array_new (FALSE, FALSE, sizeof (gint32));
  for (guint ti = 0; ti < nt; ti++)
    {
      if (live && !live[ti])
        continue;
      const RfTransition *t = rf_net_get_transition (net, ti);
      guint i = 0, j = 0, before = ia->len;
      while (i < t->n_pre || j < t->n_post)
        {
          guint32 p;
          gint64 c;
          if (j == t->n_post || (i < t->n_pre && t->pre[i].place < t->post[j].place))
            p = t->pre[i].place, c = -(gint64) t->pre[i++].count;
          else if (i == t->n_pre || t->post[j].place < t->pre[i].place)
            p = t->post[j].place, c = t->post[j++].count;
          else
            p = t->pre[i].place, c = (gint64) t->post[j++].count - t->pre[i++].count;
          if (c == 0 || !q->row_of[p])
            continue;
          int row = q->row_of[p], column = q->n_cols + 1;
          gint32 c32 = (gint32) CLAMP (c, G_MININT32, G_MAXINT32);
          g_array_append_val (ia, row);
          g_array_append_val (ja, column);
          g_array_append_val (ar, c32);
        }
      if (ia->len > before)
        q->n_cols++;
    }

  /* The same entries by place, for checking certificates. */
  q->start = g_new0 (guint, np + 1);
  for (guint k = 0; k < ia->len; k++)
    q->start[q->place_of_row[g_array_index (ia, int, k)] + 1]++;
  for (guint p = 0; p < np; p++)
    q->start[p + 1] += q->start[p];
  q->col = g_new (gint, ia->len + 1);
  q->coef = g_new (gint32, ia->len + 1);
  g_autofree guint *fill = g_memdup2 (q->start, sizeof (guint) * (np + 1));
  for (guint k = 0; k < ia->len; k++)
    {
      guint p = q->place_of_row[g_array_index (ia, int, k)];
      q->col[fill[p]] = g_array_index (ja, int, k);
      q->coef[fill[p]++] = g_array_index (ar, gint32, k);
    }

  /* GLPK allocates and frees its working arrays (of the matrix's size) on every
   * solve; with glibc's default thresholds each solve maps and unmaps them or trims
   * the heap, and the kernel time exceeds the solver's. Keep them in the heap. */
  mallopt (M_MMAP_THRESHOLD, 256 << 20);
  mallopt (M_TRIM_THRESHOLD, 512 << 20);
  glp_term_out (GLP_OFF);
  q->lp = glp_create_prob ();
  glp_set_obj_dir (q->lp, GLP_MIN);
  if (q->n_rows)
    glp_add_rows (q->lp, q->n_rows);
  if (q->n_cols)
    glp_add_cols (q->lp, q->n_cols);
  for (guint r = 1; r <= q->n_rows; r++)
    glp_set_row_bnds (q->lp, r, GLP_LO, -(double) q->init[q->place_of_row[r]], 0);
  for (guint c = 1; c <= q->n_cols; c++)
    glp_set_col_bnds (q->lp, c, GLP_LO, 0, 0);
  /* glp_load_matrix wants 1-based arrays: element 0 is ignored. */
  g_autofree int *ri = g_new (int, ia->len + 1);
  g_autofree int *ci = g_new (int, ia->len + 1);
  g_autofree double *vi = g_new (double, ia->len + 1);
  for (guint k = 0; k < ia->len; k++)
    {
      ri[k + 1] = g_array_index (ia, int, k);
      ci[k + 1] = g_array_index (ja, int, k);
      vi[k + 1] = g_array_index (ar, gint32, k);
    }
  if (ia->len)
    glp_load_matrix (q->lp, ia->len, ri, ci, vi);
  q->entries = ia->len;
  g_array_unref (ia);
  g_array_unref (ja);
  g_array_unref (ar);

  q->dirty = g_array_new (FALSE, FALSE, sizeof (gint));
  q->acc = g_new0 (gint64, q->n_cols + 1);
  q->seen = g_new0 (guint8, q->n_cols + 1);
  q->touched = g_array_new (FALSE, FALSE, sizeof (gint));
  q->ind = g_new (int, q->n_rows + q->n_cols + 1);
  q->val = g_new (double, q->n_rows + q->n_cols + 1);
  q->y = g_new0 (double, q->n_rows + 1);
  q->y_rows = g_array_new (FALSE, FALSE, sizeof (gint));
  return q;
}

void
rf_steq_free (RfSteq *q)
{
  if (!q)
    return;
  glp_delete_prob (q->lp);
  g_free (q->row_of);
  g_free (q->place_of_row);
  g_free (q->init);
  g_free (q->start);
  g_free (q->col);
  g_free (q->coef);
  g_array_unref (q->dirty);
  g_free (q->acc);
  g_free (q->seen);
  g_array_unref (q->touched);
  g_free (q->ind);
  g_free (q->val);
  g_free (q->y);
  g_array_unref (q->y_rows);
  g_free (q);
}

/* Saturating a + b for non-negative sums. */
static guint64
add_sat (guint64 a, guint64 b)
{
  guint64 r;
  return __builtin_add_overflow (a, b, &r) ? G_MAXUINT64 : r;
}

/* Weighted sums W·M over M's support and W·M0; W is dense over places (W[p] = 0 for
 * omega places). */
static gboolean
exceeds_initial (const RfSteq *q, const guint32 *w, const GArray *places, const RfMarking *m)
{
  guint64 wm = 0, w0 = 0;
  for (guint i = 0; i < m->n; i++)
    wm = add_sat (wm, (guint64) w[m->e[i].place] * m->e[i].count);
  for (guint i = 0; i < places->len; i++)
    {
      guint p = g_array_index (places, guint, i);
      w0 = add_sat (w0, (guint64) w[p] * (guint64) q->init[p]);
    }
  return w0 != G_MAXUINT64 && wm > w0;
}

/* TRUE when integer weights W (dense per place, support PLACES) satisfy W·C <= 0
 * exactly on every column. */
static gboolean
nonincreasing (RfSteq *q, const guint32 *w, const GArray *places)
{
  gboolean ok = TRUE;
  g_array_set_size (q->touched, 0);
  for (guint i = 0; i < places->len; i++)
    {
      guint p = g_array_index (places, guint, i);
      for (guint k = q->start[p]; k < q->start[p + 1]; k++)
        {
          gint c = q->col[k];
          if (!q->seen[c])
            {
              q->seen[c] = 1;
              g_array_append_val (q->touched, c);
            }
          /* |w| <= 2^20 and |coef| < 2^31: each term fits; a sum that overflows
           * fails the check (no pruning). */
          if (__builtin_add_overflow (q->acc[c], (gint64) w[p] * q->coef[k], &q->acc[c]))
            ok = FALSE;
        }
    }
  for (guint i = 0; i < q->touched->len; i++)
    {
      gint c = g_array_index (q->touched, gint, i);
      if (q->acc[c] > 0)
        ok = FALSE;
      q->acc[c] = 0;
      q->seen[c] = 0;
    }
  return ok;
}

/* Builds y from the tableau row of basic variable K (1..n_rows auxiliary, beyond that
 * structural) into q->y / q->y_rows; FALSE when the row cannot be computed. */
static gboolean
farkas_row (RfSteq *q, int k)
{
  if (glp_bf_exists (q->lp) == 0)
    return FALSE;
  if (k <= (int) q->n_rows)
    {
      if (glp_get_row_stat (q->lp, k) != GLP_BS)
        return FALSE;
    }
  else if (glp_get_col_stat (q->lp, k - q->n_rows) != GLP_BS)
    return FALSE;
  int len = glp_eval_tab_row (q->lp, k, q->ind, q->val);
  if (k <= (int) q->n_rows)
    {
      q->y[k] = 1;
      g_array_append_val (q->y_rows, k);
    }
  for (int i = 1; i <= len; i++)
    {
      int v = q->ind[i];
      if (v > (int) q->n_rows || -q->val[i] <= 1e-12)
        continue;  /* a structural or a negative multiplier: no weight */
      if (q->y[v] == 0)
        g_array_append_val (q->y_rows, v);
      q->y[v] += -q->val[i];
    }
  return TRUE;
}

/* Rounds q->y to integers at a few scales and checks each exactly against C and M;
 * on success, a new certificate. Clears q->y. */
static RfInvariant *
certify (RfSteq *q, const RfMarking *m)
{
  RfInvariant *cert = NULL;
  double ymin = G_MAXDOUBLE;
  for (guint i = 0; i < q->y_rows->len; i++)
    ymin = MIN (ymin, q->y[g_array_index (q->y_rows, gint, i)]);
  g_autofree guint32 *w = g_new0 (guint32, q->n_places);
  g_autoptr (GArray) places = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint scale = 1; scale <= 12 && !cert && q->y_rows->len > 0; scale++)
    {
      gboolean fits = TRUE;
      g_array_set_size (places, 0);
      for (guint i = 0; i < q->y_rows->len && fits; i++)
        {
          gint r = g_array_index (q->y_rows, gint, i);
          double v = round (q->y[r] / ymin * scale);
          fits = v <= MAX_WEIGHT;
          guint p = q->place_of_row[r];
          if (fits && v >= 1)
            {
              w[p] = (guint32) v;
              g_array_append_val (places, p);
            }
        }
      if (fits && places->len > 0 && exceeds_initial (q, w, places, m) && nonincreasing (q, w, places))
        {
          g_autoptr (GArray) tokens = g_array_new (FALSE, FALSE, sizeof (RfToken));
          guint64 total = 0;
          for (guint i = 0; i < places->len; i++)
            {
              guint p = g_array_index (places, guint, i);
              RfToken t = { p, w[p] };
              g_array_append_val (tokens, t);
              total += (guint64) w[p] * (guint64) q->init[p];
            }
          cert = g_new0 (RfInvariant, 1);
          cert->weights = rf_marking_new ((RfToken *) tokens->data, tokens->len);
          cert->total = total;
        }
      for (guint i = 0; i < places->len; i++)
        w[g_array_index (places, guint, i)] = 0;
    }
  for (guint i = 0; i < q->y_rows->len; i++)
    q->y[g_array_index (q->y_rows, gint, i)] = 0;
  g_array_set_size (q->y_rows, 0);
  return cert;
}

/* Certificate for the infeasible current solution: from the variable GLPK names,
 * else from the basic variables below their bounds (a few). */
static RfInvariant *
find_certificate (RfSteq *q, const RfMarking *m)
{
  int k = glp_get_unbnd_ray (q->lp);
  if (k > 0 && farkas_row (q, k))
    {
      RfInvariant *cert = certify (q, m);
      if (cert)
        return cert;
    }
  guint tries = 0;
  for (guint r = 1; r <= q->n_rows && tries < MAX_TRIES; r++)
    if (glp_get_row_stat (q->lp, r) == GLP_BS && (int) r != k
        && glp_get_row_prim (q->lp, r) < glp_get_row_lb (q->lp, r) - 1e-9)
      {
        tries++;
        if (farkas_row (q, r))
          {
            RfInvariant *cert = certify (q, m);
            if (cert)
              return cert;
          }
      }
  return NULL;
}

static int
solve (RfSteq *q)
{
  glp_smcp parm;
  glp_init_smcp (&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.meth = GLP_DUAL;
  parm.presolve = GLP_OFF;
  if (q->max_pivots)
    parm.it_lim = (int) MIN (q->max_pivots, G_MAXINT);
  if (q->max_seconds > 0)
    parm.tm_lim = (int) MIN (q->max_seconds * 1000 + 1, G_MAXINT);
  int before = glp_get_it_cnt (q->lp);
  int ret = glp_simplex (q->lp, &parm);
  if (ret == GLP_EITLIM || ret == GLP_ETMLIM)
    {
      q->pivots += (guint64) MAX (0, glp_get_it_cnt (q->lp) - before);
      q->solved++;
      q->unfinished++;
      return ret;
    }
  if (ret != 0)
    {
      /* A singular or ill-conditioned basis: start again from the standard one. */
      glp_std_basis (q->lp);
      parm.meth = GLP_DUALP;
      before = glp_get_it_cnt (q->lp);
      ret = glp_simplex (q->lp, &parm);
    }
  q->pivots += (guint64) MAX (0, glp_get_it_cnt (q->lp) - before);
  q->solved++;
  return ret;
}

gboolean
rf_steq_may_cover (RfSteq *q, const RfMarking *m, RfInvariant **certificate)
{
  g_return_val_if_fail (q != NULL && m != NULL, TRUE);
  if (certificate)
    *certificate = NULL;
  /* x = 0 solves the equation when M0 already covers m on every row. */
  gboolean above = FALSE;
  for (guint i = 0; i < m->n && !above; i++)
    {
      guint32 p = m->e[i].place;
      above = p < q->n_places && q->row_of[p] && m->e[i].count > q->init[p];
    }
  if (!above)
    return TRUE;

  for (guint i = 0; i < q->dirty->len; i++)
    {
      gint r = g_array_index (q->dirty, gint, i);
      glp_set_row_bnds (q->lp, r, GLP_LO, -(double) q->init[q->place_of_row[r]], 0);
    }
  g_array_set_size (q->dirty, 0);
  for (guint i = 0; i < m->n; i++)
    {
      guint32 p = m->e[i].place;
      if (p >= q->n_places || !q->row_of[p])
        continue;
      gint r = q->row_of[p];
      glp_set_row_bnds (q->lp, r, GLP_LO, (double) m->e[i].count - (double) q->init[p], 0);
      g_array_append_val (q->dirty, r);
    }

  if (solve (q) != 0 || glp_get_status (q->lp) != GLP_NOFEAS)
    return TRUE;
  RfInvariant *cert = find_certificate (q, m);
  if (!cert)
    {
      q->uncertified++;
      return TRUE;
    }
  if (certificate)
    *certificate = cert;
  else
    rf_invariant_free (cert);
  return FALSE;
}

guint64
rf_steq_n_solved (const RfSteq *q)
{
  return q->solved;
}

guint64
rf_steq_n_pivots (const RfSteq *q)
{
  return q->pivots;
}

guint64
rf_steq_n_uncertified (const RfSteq *q)
{
  return q->uncertified;
}

guint64
rf_steq_n_unfinished (const RfSteq *q)
{
  return q->unfinished;
}

guint64
rf_steq_n_entries (const RfSteq *q)
{
  return q->entries;
}

guint
rf_steq_n_rows (const RfSteq *q)
{
  return q->n_rows;
}

void
rf_steq_set_limits (RfSteq *q, guint max_pivots, gdouble max_seconds)
{
  q->max_pivots = max_pivots;
  q->max_seconds = max_seconds;
}
