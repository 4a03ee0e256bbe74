"""Line charts drawn with pygame: the plot itself, a match's running totals and the statistics over
time."""
