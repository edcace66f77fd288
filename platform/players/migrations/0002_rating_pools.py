"""Ratings in two pools, against players and against bots. Every rating and
rating change so far stays as it was, in the players' pool (the column's
default fills it in)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('players', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='rating',
            name='rating_user_game_unique',
        ),
        migrations.RemoveIndex(
            model_name='rating',
            name='rating_leaderboard_idx',
        ),
        migrations.AddField(
            model_name='rating',
            name='pool',
            field=models.CharField(choices=[('players', 'Against players'), ('bots', 'Against bots')], default='players', max_length=8),
        ),
        migrations.AddField(
            model_name='ratingchange',
            name='pool',
            field=models.CharField(choices=[('players', 'Against players'), ('bots', 'Against bots')], default='players', max_length=8),
        ),
        migrations.AddIndex(
            model_name='rating',
            index=models.Index(fields=['game', 'pool', '-shown'], name='rating_pool_leaderboard_idx'),
        ),
        migrations.AddConstraint(
            model_name='rating',
            constraint=models.UniqueConstraint(fields=('user', 'game', 'pool'), name='rating_user_game_pool_unique'),
        ),
    ]
