
# Panel @INDEX@: @PANEL_TITLE@
# Columns of its data block: 1 x, 2-3 bar left/right, 4 value, 5 JMH error, 6 colour (rgb),
# 7 fill (0 solid; 1 a non-default spec, hatched white; 2 a limit row, hatched dark: see Figure.Fill), 8-9 whisker ends as drawn, 10 whisker style, 11 printed value,
# 12 note instead of a value (skipped, failed), 13 label. The values printed on the bars (column 11) are left out of a
# panel with no value at all (every run failed or skipped): gnuplot 5.4.4 crashes drawing boxed labels of a data block
# without one.
set title "@PANEL_TITLE@"
set ylabel "@YLABEL@"
set xlabel "@XLABEL@"
@LOGSCALE@
set xrange [@XMIN@:@XMAX@]
set yrange [@YMIN@:@YMAX@]
set xtics (@XTICS@) @XTICS_ROTATION@
@KEY@
plot data index @INDEX@ using 1:4:2:3:(@YBASE@):4:6 with boxxyerror lc rgb variable notitle, \
     data index @INDEX@ using ($7 == 1 ? $1 : NaN):4:2:3:(@YBASE@):4 with boxxyerror fs transparent pattern 4 noborder lc rgb "#ffffff" notitle, \
     data index @INDEX@ using ($7 == 2 ? $1 : NaN):4:2:3:(@YBASE@):4 with boxxyerror fs transparent pattern 5 noborder lc rgb "#303030" notitle, \
     data index @INDEX@ using 1:8:(0):($9 - $8):10 with vectors arrowstyle variable notitle, \
     data index @INDEX@ using 1:(@NOTE_Y@):12 with labels rotate by 90 left font ",9" tc rgb "#a00000" notitle@VALUE_LABELS@@KEYENTRIES@
